#!/bin/bash
#SBATCH --job-name=newer
#SBATCH --ntasks=1
#SBATCH --time=00:02:00
# Written for a newer Slurm: 22.05's srun does not know --tres-per-task and exits 255.
sleep 2
srun --tres-per-task=cpu:1 hostname
