#!/bin/bash
#SBATCH --gres=gpu:h100
#SBATCH -p debug
#SBATCH -t 10

nvidia-smi
