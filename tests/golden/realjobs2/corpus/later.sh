#!/bin/bash
#SBATCH --job-name=later
#SBATCH --begin=now+60
#SBATCH --gpus=1
#SBATCH --time=2
#SBATCH --comment="runs after a minute"
sleep 1
