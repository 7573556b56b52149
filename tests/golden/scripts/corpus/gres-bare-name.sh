#!/bin/bash
#SBATCH --gres=gpu
#SBATCH -p debug
#SBATCH -t 10

nvidia-smi
