#!/bin/bash
#SBATCH -J sweep
#SBATCH -a 0-3%2
#SBATCH -G 1
#SBATCH -c 8
#SBATCH --mem-per-cpu=4G
#SBATCH -t 5
#SBATCH -o sweep_%A_%a.out
echo "task $SLURM_ARRAY_TASK_ID"
sleep 15
