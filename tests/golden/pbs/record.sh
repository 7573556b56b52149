#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about a minute. Records into cases/ how sbatch reads #PBS directives (corpus/): each
# script is submitted held by alice, as `sbatch --hold pbs/NAME.sh` (a few with options or
# variables beside it), shown with `scontrol show job` and cancelled; a refused one shows
# sbatch's words. The scripts are copied to the oracle's job directory, where the replay
# puts them too.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
with_corpus pbs
# `s NAME [OPTIONS...]`: submit pbs/NAME.sh held with OPTIONS, show the job, cancel it.
s() {
    local nm=$1; shift
    c "$nm" sbatch --hold "$@" "pbs/$nm.sh"
    local j; j=$(id)
    [ -n "$j" ] || return 0
    c "$nm-show" scontrol show job "$j"
    c "$nm-cancel" scancel "$j"
}
for nm in torque over-sbatch before-sbatch ignored after-command combined two-on-a-line gpus \
    naccelerators ncpus select select-mem select-bad-mem named-nodes ignored-resources \
    ppn-bad walltime-minutes walltime-zero walltime-bad mem-plain mem-bad error-only \
    out-and-err begin begin-year begin-bad nice nice-bad requeue array-t array-J array-bad \
    depend depend-list depend-bad umask mail-none mail-ae mail-bad export no-effect quoted \
    unquoted stray dashdash missing-arg unknown no-partition no-account empty indented \
    glued-word glued-option nodes-shared nodes-ppn-twice nodes-parts named-ppn named-one-ppn \
    count-and-name gpus-parts count-junk array-stride naccelerators-zero naccelerators-word \
    ncpus-bad select-count-bad select-cpus-chunks select-zero; do
    s "$nm"
done
s tasks-override -n 3
s nodes-override -N 1
s per-node --ntasks-per-node=3
s per-node-ppn --ntasks-per-node=3
s env-name --ignore-pbs
c env-name-var env SBATCH_JOB_NAME=from-env sbatch --hold pbs/env-name.sh
j=$(id); c env-name-var-show scontrol show job "$j"; c env-name-var-cancel scancel "$j"
c env-ignore env SBATCH_IGNORE_PBS=1 sbatch --hold pbs/env-name.sh
j=$(id); c env-ignore-show scontrol show job "$j"; c env-ignore-cancel scancel "$j"
c hold sbatch pbs/hold.sh
j=$(id); c hold-show scontrol show job "$j"; c hold-cancel scancel "$j"
c clustered sbatch pbs/clustered.sh
j=$(id); c clustered-show scontrol show job "$j"; c clustered-cancel scancel "$j"
echo "recorded $n cases into $GOLDEN_DIR"
