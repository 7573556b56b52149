#!/bin/bash
#SBATCH --gres=gpu:4
#SBATCH --gres-flags=enforce-binding
#SBATCH --ntasks=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00

srun --gpu-bind=closest python bench.py
