#!/bin/bash -l
#SBATCH --account=research --qos=high
#SBATCH --gpus-per-node=4
#SBATCH --time=1-00:00:00

conda activate train
python train.py
