#!/bin/bash
#SBATCH --job-name=late-directives
module load cuda/12.2
#SBATCH --gpus=8
#SBATCH --time=10-00:00:00

python train.py
