#!/bin/bash
#SBATCH --job-name=tokenize
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=16
#SBATCH --mem=64G
#SBATCH --time=00:02:00
#SBATCH --partition=gpu
#SBATCH --requeue
#SBATCH --kill-on-invalid-dep=no
srun --cpus-per-task=16 sleep 10
srun --cpus-per-task=8 --ntasks=1 sleep 4
