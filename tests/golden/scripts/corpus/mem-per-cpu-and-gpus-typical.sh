#!/bin/bash
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=16
#SBATCH --gres=gpu:h100:2
#SBATCH --mem-per-cpu=8G
#SBATCH --time=12:00:00
#SBATCH --partition=gpu

python finetune.py
