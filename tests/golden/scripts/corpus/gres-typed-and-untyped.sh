#!/bin/bash
#SBATCH --gres=gpu:h100:2,gpu:1
#SBATCH -p debug
#SBATCH -t 10

nvidia-smi
