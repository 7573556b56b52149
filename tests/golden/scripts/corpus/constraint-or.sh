#!/bin/bash
#SBATCH --constraint="a100|v100"
#SBATCH --gpus-per-node=2
#SBATCH -t 20

nvidia-smi -L
