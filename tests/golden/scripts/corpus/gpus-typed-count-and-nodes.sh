#!/bin/bash
#SBATCH --gpus=h100:12
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=6
#SBATCH --time=6:00:00

srun python train.py
