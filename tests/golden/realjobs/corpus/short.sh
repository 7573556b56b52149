#!/bin/bash
#SBATCH --job-name=short
#SBATCH --time=30
#SBATCH --time-min=10
#SBATCH --gres=gpu:1
#SBATCH --mem=8G
#SBATCH --qos=normal
#SBATCH --account=research
srun -l hostname
sleep 8
