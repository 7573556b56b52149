#!/bin/bash
#SBATCH --job-name=pinned
#SBATCH --nodelist=dgx2
#SBATCH --ntasks=2
#SBATCH --gres=gpu:h100:4
#SBATCH --gres-flags=enforce-binding
#SBATCH --time=5:00
#SBATCH --export=NONE
srun --export=ALL sleep 12
