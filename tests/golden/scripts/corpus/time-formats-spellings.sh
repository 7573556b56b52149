#!/bin/bash
#SBATCH -pdebug
#SBATCH -t1-12
#SBATCH --ntasks 3
#SBATCH --job-name tight-spelling
#SBATCH -c2

srun hostname
