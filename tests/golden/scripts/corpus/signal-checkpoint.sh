#!/bin/bash
#SBATCH --signal=USR1@90
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH -o ckpt.log
#SBATCH --gpus-per-node=8
#SBATCH -N 1
#SBATCH --time=24:00:00

srun python train.py --resume-from-latest
