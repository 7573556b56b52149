#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about two minutes. Records into cases/ what sbatch makes of each line of options.txt
# (good and bad values of most of its options), given to a held job of alice's with
# -t 5 before it: the submission, and when accepted the job shown and then cancelled.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
while IFS= read -r line; do
  name=$(echo "$line" | tr -c 'a-zA-Z0-9\n' '-' | sed 's/--*/-/g; s/^-//; s/-$//' | cut -c1-40)
  eval "set -- $line"
  c "$name" sbatch -H -t 5 "$@" --wrap='sleep 1'
  id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p; s/^\([0-9][0-9]*\)$/\1/p' "$OUT" | head -1)
  if [ -n "$id" ]; then
    c "$name-show" scontrol show job "$id"
    c "$name-cancel" scancel "$id"
  fi
done < "$HERE/options.txt"
