#!/bin/bash
#SBATCH -N 2
#SBATCH --exclusive
#SBATCH --ntasks-per-node=1
#SBATCH -c 112
#SBATCH --gres=gpu:h100:8
#SBATCH --mem=0
#SBATCH -t 4:00:00

srun ./all_reduce_perf -b 8 -e 8G -f 2 -g 8
