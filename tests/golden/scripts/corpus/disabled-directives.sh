#!/bin/bash
# SBATCH --gpus=8
##SBATCH --partition=debug
#sbatch --time=5
#SBATCH --ntasks=2
	#SBATCH --mem=1T

srun hostname
