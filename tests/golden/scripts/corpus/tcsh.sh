#!/bin/tcsh
#SBATCH --job-name=legacy-csh
#SBATCH --time=1:00:00
#SBATCH -n 16

setenv OMP_NUM_THREADS 1
mpirun ./legacy_code
