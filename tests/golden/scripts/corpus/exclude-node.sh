#!/bin/bash
#SBATCH --exclude=dgx4
#SBATCH --nodes=1
#SBATCH --gpus=8
#SBATCH -t 15

nvidia-smi topo -m
