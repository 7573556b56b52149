#!/bin/bash
#SBATCH --gpus-per-task=1
#SBATCH -p debug
#SBATCH -t 10

srun python train.py
