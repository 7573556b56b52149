#!/bin/bash
#SBATCH --hold
#SBATCH -t 10
#SBATCH --gres=gpu:2

python train.py
