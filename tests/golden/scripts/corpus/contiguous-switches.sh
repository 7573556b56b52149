#!/bin/bash
#SBATCH --contiguous
#SBATCH --switches=1@10:00
#SBATCH -N 3
#SBATCH --gpus-per-node=8
#SBATCH --time=1-00:00:00

srun ./allreduce_bench
