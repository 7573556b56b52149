#!/bin/bash
#... your SLURM arguments here
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=8         
#SBATCH --cpus-per-task=12
#SBATCH --gres=gpu:8
#SBATCH --output=34b_replication_%j.out
#SBATCH --error=34b_replication_%j.out
#SBATCH --exclusive
#SBATCH --open-mode=append
#SBATCH --requeue
srun hostname
