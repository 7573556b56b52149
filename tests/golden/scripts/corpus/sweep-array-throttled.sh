#!/bin/bash
#SBATCH --job-name=hp-sweep
#SBATCH --array=0-15%4
#SBATCH --ntasks=1
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-task=8
#SBATCH --mem=32G
#SBATCH --time=01:30:00
#SBATCH --output=sweep_%A_%a.out

LRS=(1e-3 3e-4 1e-4 3e-5)
BSS=(32 64 128 256)
lr=${LRS[$((SLURM_ARRAY_TASK_ID % 4))]}
bs=${BSS[$((SLURM_ARRAY_TASK_ID / 4))]}
python train.py --lr "$lr" --batch-size "$bs"
