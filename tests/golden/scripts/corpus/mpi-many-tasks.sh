#!/bin/bash
#SBATCH --ntasks=224
#SBATCH --ntasks-per-socket=56
#SBATCH --time=08:00:00
#SBATCH --job-name=wrf
#SBATCH --output=wrf.%j.out

module load openmpi
srun --mpi=pmix ./wrf.exe
