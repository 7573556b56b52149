#!/bin/bash
#SBATCH --gpus=h100:02
#SBATCH -p debug
#SBATCH -t 10

nvidia-smi
