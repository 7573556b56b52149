#!/bin/bash
#SBATCH -N 5
#SBATCH --gres=gpu:8
#SBATCH -t 60

srun python train.py
