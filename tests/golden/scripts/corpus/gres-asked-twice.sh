#!/bin/bash
#SBATCH --gpus-per-node=2
#SBATCH --gres=gpu:1
#SBATCH -p debug
#SBATCH -t 10

nvidia-smi
