#!/bin/bash
#SBATCH --job-name=tp8
#SBATCH --ntasks=8
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-gpu=4
#SBATCH --mem-per-gpu=32G
#SBATCH --time=0:15:00
srun --cpu-bind=cores sleep 10
srun -n 1 sleep 5
