#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about a minute. Records into cases/ what GPU jobs show as they end: `scontrol show job -d`
# names no GPUs on the nodes of a job that has ended (so alike nodes share a line); sacct's
# CPU frequency and energy fields for a job with an srun step, and the usage fields of a
# step still running (none); a hold before a job's --begin; and a --signal=B: warning
# that kills the batch shell (or not, when the script traps it).
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice' EXIT
c() { local who=$1 nm=$2; shift 2; n=$((n+1)); timeout 20 $C -u "$who" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
a() { c alice "$@"; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
a two sbatch -J two -N 2 --gpus-per-node=2 -t 1 --wrap='sleep 3'
TWO=$(id)
a steps sbatch -J steps -n 2 --gpus-per-task=1 -t 1 --wrap='srun sleep 3'
STEPS=$(id)
a long sbatch -J long --gpus=1 -t 2 --wrap='srun sleep 100'
LONG=$(id)
a later sbatch -J later --gpus=1 -t 1 --begin=now+1hour --wrap=true
LATER=$(id)
a sigb sbatch -J sigb --gpus=1 -t 1 --signal=B:USR1@40 --wrap='sleep 200'
SIGB=$(id)
a trapped sbatch -J trapped --gpus=1 -t 1 --signal=B:USR1@40 --wrap='trap "echo got it" USR1; sleep 200'
TRAPPED=$(id)
a hold scontrol hold "$LATER"
a show-later scontrol show job "$LATER"
sleep 8
a show-two scontrol show job -d "$TWO"
a sacct-steps sacct -P -o JobID,JobName,State,ReqCPUFreq,ReqCPUFreqMin,ReqCPUFreqMax,ReqCPUFreqGov,ConsumedEnergy -j "$STEPS"
a sacct-running sacct -P -o JobID,State,TRESUsageInAve,TRESUsageInTot,TRESUsageOutAve,TRESUsageOutTot -j "$LONG"
sleep 40
a sacct-signals sacct -P -o JobID,JobName,State,ExitCode -j "$SIGB,$TRAPPED"
a squeue-signals squeue -h -j "$SIGB,$TRAPPED" -o '%i %j %T'
