#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ how sbatch reads an empty word ("" or '') in a
# directive line (corpus/): it ends the line, so nothing after it counts, not even a bad
# word, and an option before it is left without its argument. Each script is submitted
# held by alice, shown with scontrol and cancelled; then `sbatch -N ''` on the command line.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
with_corpus emptywords
for nm in empty-ends-line empty-first empty-then-next-line empty-argument-last single-quotes \
    empty-after-value empty-long-value glued-empty two-empty colon-after-empty \
    quote-after-empty colon-before-empty pbs-empty; do
    c "$nm" sbatch -H "emptywords/$nm.sh"
    j=$(id)
    [ -n "$j" ] || continue
    c "$nm-show" scontrol show job "$j"
    c "$nm-cancel" scancel "$j"
done
c nodes-empty sbatch -H -N '' --wrap=true
c nodes-empty-range sbatch -H -N - --wrap=true
echo "recorded $n cases into $GOLDEN_DIR"
