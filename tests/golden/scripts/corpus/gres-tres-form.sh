#!/bin/bash
#SBATCH --gres=gres/gpu:1
#SBATCH -p debug
#SBATCH -t 10

nvidia-smi
