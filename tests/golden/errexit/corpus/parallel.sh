#!/bin/bash
#SBATCH --job-name=parallel
#SBATCH --ntasks=2
#SBATCH --time=00:02:00
# Two sruns in the background: the one asking for a GPU the job does not have fails at once,
# so the wait waits for the other alone.
srun -n1 --gpus=1 sleep 40 &
srun -n1 sleep 10 &
wait
sleep 5
