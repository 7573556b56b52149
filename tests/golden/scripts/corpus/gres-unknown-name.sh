#!/bin/bash
#SBATCH --gres=GPU:1
#SBATCH -p debug
#SBATCH -t 10

nvidia-smi
