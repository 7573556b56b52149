#!/bin/bash
#SBATCH --job-name=later
#SBATCH --begin=now+30
#SBATCH --gpus=1
#SBATCH --time=2
#SBATCH --comment="runs after half a minute"
sleep 1
