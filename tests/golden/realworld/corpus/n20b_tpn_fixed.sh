#!/bin/bash
#SBATCH -J test_distributed
#SBATCH -N 1
##SBATCH --partition hgx
#SBATCH --qos normal
#SBATCH --output stdout_test_distributed.txt
#SBATCH --time 5
#SBATCH --ntasks-per-node=2
#SBATCH --gpus-per-task=1
srun hostname
