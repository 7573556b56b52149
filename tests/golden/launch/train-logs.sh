#!/bin/bash
#SBATCH --job-name=train
#SBATCH --output=launch-logs/%x-%j.out
#SBATCH --error=launch-logs/%x-%j.err
#SBATCH --gres=gpu:2
#SBATCH --time=00:05:00
python train.py
