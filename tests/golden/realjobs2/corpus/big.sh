#!/bin/bash
#SBATCH --job-name=eval-70b
#SBATCH --nodes=1
#SBATCH --gpus=8
#SBATCH --ntasks-per-node=8
#SBATCH --cpus-per-task=12
#SBATCH --mem=1500G
#SBATCH --time=00:06:00
#SBATCH --qos=high
#SBATCH --account=research
#SBATCH --nice=100
srun --ntasks-per-node=8 --gpus-per-task=1 sleep 12
