#!/bin/bash
#SBATCH -J sweep
#SBATCH --array=0-3%2
#SBATCH --gpus=2 -c 4
#SBATCH -t 5
sleep 20
#SLURMSIM --runtime=20s
