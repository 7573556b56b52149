#!/bin/bash
#SBATCH -N 1 -n 8 -c 4 --mem=64G
#SBATCH --gpus-per-node=h100:2 --time=45:00
#SBATCH -J multi

srun hostname
