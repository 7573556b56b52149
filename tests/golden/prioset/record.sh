#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about six minutes. Records into cases/ what a job's Priority= does: set by an operator
# (it stays through a priority recalculation, drops the nice, ignores a later Nice=,
# shows in sprio without factors), lowered by its owner (the nice dropped, the value kept
# until the next recalculation, the answer that it will not last), raised by its owner
# (refused), and cleared by a hold and release. Alice's jobs wait behind her own job
# that holds every GPU; cancelled after.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local u=$1 nm=$2; shift 2; n=$((n+1)); timeout 20 $C -u "$u" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
c alice blocker sbatch -N 4 --gpus-per-node=8 -t 30 --wrap='sleep 3000'
BLOCKER=$(id)
c alice a-sbatch sbatch -t 20 --gpus=8 --nice=100 --wrap='sleep 1'
A=$(id)
c alice b-sbatch sbatch -t 20 --gpus=8 --wrap='sleep 1'
B=$(id)
sleep 3
c root a-set scontrol update JobId=$A Priority=1000000
c alice a-squeue squeue -j $A -o '%i %Q %y %r'
c alice a-sprio sprio -j $A
c alice a-sprio-l sprio -l -j $A
c alice a-sprio-n sprio -n -j $A
c alice a-sprio-o sprio -j $A -o '%i %y %Y %N %S %T %A %F'
c alice a-nice scontrol update JobId=$A Nice=5
c alice a-nice-squeue squeue -j $A -o '%i %Q %y'
c alice b-lower scontrol update JobId=$B Priority=1
c alice b-lower-squeue squeue -j $B -o '%i %Q %y'
c alice b-raise scontrol update JobId=$B Priority=2
c alice b-raise-squeue squeue -j $B -o '%i %Q %y'
c alice a-show scontrol show job $A
sleep 320  # past PriorityCalcPeriod (5 minutes): the priorities are worked out again
c alice a-later-squeue squeue -j $A -o '%i %Q %y'
c alice b-later-squeue squeue -j $B -o '%i %Q %y'
c alice b-later-sprio sprio -j $B -o '%i %N %S'
c alice order squeue -t PD -o '%i %y' --sort=-p
c root a-hold scontrol hold $A
c root a-release scontrol release $A
c alice a-released-squeue squeue -j $A -o '%i %Q %y'
c root a-set-again scontrol update JobId=$A Priority=500
c alice a-set-again-show scontrol show job $A
c root a-clear scontrol update JobId=$A Priority=0
c alice a-cleared-squeue squeue -j $A -o '%i %Q %y %r'
c alice cancel scancel $BLOCKER $A $B
