#!/bin/bash
#SBATCH --job-name=ranks
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --gpu-bind=closest
#SBATCH --cpus-per-task=8
#SBATCH --exclude=dgx1
#SBATCH --time=00:20:00
#SBATCH --requeue
#SBATCH --signal=B:USR1@60
#SBATCH --open-mode=append
srun --gpus-per-task=1 sleep 12
