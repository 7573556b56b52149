#!/bin/tcsh
#SBATCH -N1
#SBATCH -n1
#SBATCH -J tcsh
srun hostname
