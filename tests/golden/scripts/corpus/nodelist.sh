#!/bin/bash
#SBATCH -w dgx[1-2]
#SBATCH -N 2
#SBATCH --gpus-per-node=1
#SBATCH -t 15

srun nvidia-smi
