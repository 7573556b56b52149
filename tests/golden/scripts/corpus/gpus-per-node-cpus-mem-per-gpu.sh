#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-gpu=14
#SBATCH --mem-per-gpu=100G
#SBATCH --time=8:00:00

srun python -m torch.distributed.run --nproc_per_node=1 train.py
