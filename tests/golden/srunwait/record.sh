#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about half a minute. Records into cases/ how srun --wait (-W) ends a step whose other
# tasks outlive the first to exit by that many seconds: srun's lines (how long ago, which
# tasks run on, which exited, Terminating, the step aborted), slurmstepd's CANCELLED line,
# the rest Killed, exit 137; the values srun refuses; on the job srun makes for itself and as
# a step of a running job; then the accounting (the job FAILED 0:9, the step as its tasks
# that exited say).
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
START=$(date +%Y-%m-%dT%H:%M:%S)
a first-exits-clean srun -t 5 -n 3 -W 2 sh -c 'if [ $SLURM_PROCID = 0 ]; then exit 0; fi; exec sleep 30'
a first-exits-failed srun -t 5 -n 3 -W 2 sh -c 'if [ $SLURM_PROCID = 0 ]; then exit 3; fi; exec sleep 30'
a last-rank-exits srun -t 5 -n 3 --wait=2 sh -c 'if [ $SLURM_PROCID = 2 ]; then exit 0; fi; exec sleep 30'
a labelled srun -t 5 -n 2 -l -W 2 sh -c 'if [ $SLURM_PROCID = 1 ]; then exit 0; fi; exec sleep 30'
a all-within-wait srun -t 5 -n 2 -W 3 sh -c 'if [ $SLURM_PROCID = 0 ]; then exit 0; fi; sleep 1'
a wait-zero srun -t 5 -n 2 -W 0 sh -c 'if [ $SLURM_PROCID = 0 ]; then exit 0; fi; sleep 1'
a wait-letters srun -t 5 -n 2 -W abc true
a wait-negative srun -t 5 -n 2 -W -1 true
a wait-fraction srun -t 5 -n 2 --wait=1.5 true
a wait-suffix srun -t 5 -n 2 --wait=2x true
a holder sbatch -t 5 -n 3 --wrap='sleep 300'
JOB=$(id)
sleep 3
a step-outlived srun --jobid="$JOB" -n 3 -W 2 sh -c 'if [ $SLURM_PROCID = 1 ]; then exit 4; fi; exec sleep 30'
a step-within-wait srun --jobid="$JOB" -n 2 -W 5 sh -c 'if [ $SLURM_PROCID = 0 ]; then exit 0; fi; sleep 1'
sleep 2
a steps sacct -j "$JOB" --format=JobID,JobName,State,ExitCode
a release scancel "$JOB"
sleep 3
a jobs sacct -u alice -S "$START" --format=JobID,JobName,State,ExitCode
