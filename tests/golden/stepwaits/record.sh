#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 25 seconds. Records into cases/, as alice, batch scripts whose srun lines wait for
# what other steps hold (srun retries until they end, and the script waits with it: every
# step completes) and --overlap steps the controller refuses where a step holds all of
# the job's memory and the step asks memory per CPU (SLURM_MEM_PER_CPU): "Memory required
# by task is not available", the id it was given used up, so the next step is numbered
# past it; with --mem it runs beside.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
J="-t 5 -o /dev/null"
a sbatch-two-behind sbatch $J -J behind -n 2 --wrap 'srun -n2 sleep 4 & srun -n2 sleep 4 & wait; sleep 1'; ALL=$(id)
a sbatch-waits sbatch $J -J waits -N 2 -n 4 --gpus-per-node=2 --wrap 'srun -n2 sleep 4 & sleep 1; srun -n1 -N1 sleep 2; sleep 1'; ALL="$ALL,$(id)"
a sbatch-refused sbatch $J -J refused -N 2 -n 4 --gpus-per-node=2 --wrap 'srun -n2 sleep 3 & sleep 1; srun --overlap -n1 -N1 true; wait; srun true'; ALL="$ALL,$(id)"
a sbatch-refused-twice sbatch $J -J twice -N 2 -n 4 --gpus-per-node=2 --wrap 'srun -n2 sleep 3 & sleep 1; srun --overlap -n1 -N1 --mem-per-cpu=1 true; srun --overlap -n1 -N1 true; wait; srun true'; ALL="$ALL,$(id)"
a sbatch-beside sbatch $J -J beside -N 2 -n 4 --gpus-per-node=2 --wrap 'srun -n2 sleep 3 & sleep 1; srun --overlap -n1 -N1 --mem=1G true; wait; srun true'; ALL="$ALL,$(id)"
a sbatch-some-left sbatch $J -J left -N 2 -n 4 --gpus-per-node=2 --wrap 'srun --exact -n1 -N1 --mem=40G sleep 3 & sleep 1; srun --overlap -n1 -N1 true; wait; srun true'; ALL="$ALL,$(id)"
sleep 20
a sacct sacct -j "$ALL" -o JobID,JobName,State,ExitCode
a squeue squeue -j "$ALL" -t all -o '%.8i %.8j %.10T %r'
