#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 15 s. Records into cases/, as alice, what SIGSTOP and SIGCONT sent with scancel do
# to running jobs: slurmctld flags a job whose tasks it stopped STOPPED (squeue ST, scontrol
# JobState=STOPPED; sacct still RUNNING) whichever processes get the signal, and CONT takes
# the flag away; squeue -t takes every state flag's name, matching the jobs that carry it.
# Suspended and resumed, or requeued, a stopped job is no longer flagged.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 30 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
cr() { local nm=$1; shift; n=$((n+1)); timeout 30 $C -u root "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
c sbatch-plain sbatch -J plain -c 1 -t 5 --wrap 'sleep 100'; PLAIN=$(id)
c sbatch-step sbatch -J step -c 1 -t 5 --wrap 'srun sleep 100'; STEP=$(id)
c sbatch-batch sbatch -J batch -c 1 -t 5 --wrap 'sleep 100'; BATCH=$(id)
c sbatch-full sbatch -J full -c 1 -t 5 --wrap 'sleep 100'; FULL=$(id)
c sbatch-other sbatch -J other -c 1 -t 5 --wrap 'sleep 100'; OTHER=$(id)
sleep 4
ALL="$PLAIN,$STEP,$BATCH,$FULL,$OTHER"
c stop scancel -s STOP "$PLAIN"
c stop-step scancel --signal=SIGSTOP "$STEP"
c stop-b scancel -b -s STOP "$BATCH"
c stop-f scancel -f -s 19 "$FULL"
sleep 2
c squeue squeue -j "$ALL" -o '%.10i %.8j %.2t %.8T %r'
c squeue-default squeue -j "$ALL" -O JobID,Name,StateCompact,State,Reason
c squeue-t-st squeue -j "$ALL" -t ST -o '%i %j %t'
c squeue-t-stopped squeue -j "$ALL" -t stopped,PD -o '%i %j %t'
c squeue-t-r squeue -j "$ALL" -t R -o '%i %j %t'
c squeue-t-flags squeue -t CONFIGURING,SI,RQ,SE,CF -o '%i %j %t'
c show scontrol show job "$PLAIN"
c show-step scontrol show job "$STEP"
c sacct sacct -j "$ALL" -o JobID,JobName,State,ExitCode
c stop-again scancel -s STOP "$PLAIN"
c cont scancel -s CONT "$PLAIN"
c cont-b scancel -b -s CONT "$BATCH"
sleep 2
c squeue-cont squeue -j "$ALL" -o '%.10i %.8j %.2t %.8T %r'
c cancel-stopped scancel "$STEP"
sleep 2
c squeue-cancelled squeue -j "$ALL" -o '%.10i %.8j %.2t %.8T %r'
c sacct-cancelled sacct -j "$STEP" -o JobID,JobName,State,ExitCode
c stop-other scancel -s STOP "$OTHER"
cr suspend-stopped scontrol suspend "$OTHER"
c squeue-suspended squeue -j "$ALL" -o '%.10i %.8j %.2t %.8T %r'
cr resume-stopped scontrol resume "$OTHER"
c requeue-stopped scontrol requeue "$FULL"
sleep 1
c squeue-resumed squeue -j "$ALL" -o '%.10i %.8j %.2t %.8T %r'
c cancel scancel -u alice
