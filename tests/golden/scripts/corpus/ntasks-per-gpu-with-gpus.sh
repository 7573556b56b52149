#!/bin/bash
#SBATCH --gpus=8
#SBATCH --ntasks-per-gpu=2
#SBATCH --cpus-per-task=4
#SBATCH --time=3:00:00
#SBATCH -J mps-sharing

srun ./inference-server --shard "$SLURM_PROCID"
