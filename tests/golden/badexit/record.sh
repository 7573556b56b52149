#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about half a minute. Records into cases/ how srun ends a step one of whose tasks failed:
# --kill-on-bad-exit (srun's Terminating line, slurmstepd's CANCELLED line on the node's
# first task's stream, the others Terminated, Force Terminated), -K0, and a task killed by a
# signal beside one that exited non-zero; on the job srun makes for itself and as a step of
# a running job; then the accounting (a signal makes the step CANCELLED 0:N). The failing
# task fails at once, so that the CANCELLED line's second is the command's.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
START=$(date +%Y-%m-%dT%H:%M:%S)
FAIL1='if [ $SLURM_PROCID = 1 ]; then exit 3; fi; exec sleep 4'
MIXED='if [ $SLURM_PROCID = 0 ]; then exit 4; fi; sleep 1; kill -9 $$'
a holder sbatch -t 5 -n 2 --wrap='sleep 300'
JOB=$(id)
sleep 3
a kill-on-bad-exit srun -t 5 -n 2 -l -K sh -c "$FAIL1"
a kill-on-bad-exit-unlabelled srun -t 5 -n 2 --kill-on-bad-exit sh -c "$FAIL1"
a kill-on-bad-exit-off srun -t 5 -n 2 -K0 sh -c 'if [ $SLURM_PROCID = 1 ]; then exit 3; fi; sleep 1'
a signal-beside-exit srun -t 5 -n 2 sh -c "$MIXED"
a step-kill-on-bad-exit srun --jobid="$JOB" -n 2 -l -K sh -c "$FAIL1"
a step-signal-beside-exit srun --jobid="$JOB" -n 2 sh -c "$MIXED"
sleep 2
a steps sacct -j "$JOB" --format=JobID,JobName,State,ExitCode
a release scancel "$JOB"
sleep 3
a jobs sacct -u alice -S "$START" --format=JobID,JobName,State,ExitCode
