#!/bin/bash
#SBATCH -n 8
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-task=8
#SBATCH --gpu-bind=closest
#SBATCH --cpu-bind=cores
#SBATCH --distribution=block:cyclic
#SBATCH -t 2:00:00

srun python train.py
