#!/bin/bash
#SBATCH -J parallel_sum
#SBATCH -o output_%a.out
#SBATCH -e error_%a.err
##SBATCH -p meade
#SBATCH -N 1
#SBATCH -n 4
#SBATCH -t 30
#SBATCH --mem=4000
#SBATCH --array=1-3
srun hostname
