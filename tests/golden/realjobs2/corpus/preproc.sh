#!/bin/bash
#SBATCH -J preproc
#SBATCH -p debug
#SBATCH -n 4
#SBATCH -c 2
#SBATCH --mem-per-cpu=8G
#SBATCH -t 3
#SBATCH --hint=nomultithread
#SBATCH --distribution=block:cyclic
#SBATCH -D /tmp
#SBATCH -o preproc-%j.log
srun -l --ntasks=4 sleep 12
