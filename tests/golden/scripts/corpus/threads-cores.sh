#!/bin/bash
#SBATCH --threads-per-core=1
#SBATCH --ntasks-per-core=1
#SBATCH --cores-per-socket=28
#SBATCH -n 8
#SBATCH --time=2:00:00

srun ./stream
