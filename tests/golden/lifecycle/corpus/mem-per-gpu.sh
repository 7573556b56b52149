#!/bin/bash
#SBATCH -J mpg
#SBATCH --gpus=2 --mem-per-gpu=100G
#SBATCH -t 5
sleep 30
#SLURMSIM --runtime=30s
