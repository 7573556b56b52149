#!/bin/bash
#SBATCH --ntasks-per-gpu=1
#SBATCH -n 4
#SBATCH --time=1:00:00

srun python ddp.py
