#!/bin/bash
#SBATCH --job-name=before
echo hi
#SBATCH --job-name=after
#SBATCH --partition=debug
#SBATCH --time=5
srun hostname
