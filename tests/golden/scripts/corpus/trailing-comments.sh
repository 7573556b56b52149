#!/bin/bash
#SBATCH --time=02:00:00   # two hours is plenty
#SBATCH --gpus=2 #GPUs
#SBATCH --mem=100G        # host memory

python train.py
