#!/bin/bash
#SBATCH --job-name=chain
#SBATCH --dependency=singleton
#SBATCH --gpus-per-node=1
#SBATCH --time=00:03:00
sleep 8
