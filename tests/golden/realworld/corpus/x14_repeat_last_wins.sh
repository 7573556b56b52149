#!/bin/bash
#SBATCH -C gpu
#SBATCH --time=10
#SBATCH --time=20
#SBATCH -J a
#SBATCH -J b
srun hostname
