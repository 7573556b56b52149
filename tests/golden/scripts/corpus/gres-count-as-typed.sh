#!/bin/bash
#SBATCH --gres=gres:gpu:02
#SBATCH -p debug
#SBATCH -t 10

nvidia-smi
