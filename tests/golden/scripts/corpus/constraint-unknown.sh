#!/bin/bash
#SBATCH -C h100
#SBATCH --gpus=1
#SBATCH --time=10:00

nvidia-smi
