#!/bin/bash

#SBATCH --job-name=your_own_job_name
##SBATCH --partition=your_own_partition
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gres=gpu:8
#SBATCH --time=1:00:00
##SBATCH --account=your_own_account
#SBATCH --exclusive
#SBATCH --dependency=singleton
srun hostname
