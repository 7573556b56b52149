#!/bin/bash
#SBATCH -p debug
#SBATCH -t 1-00:00:00
#SBATCH --gres=gpu:1

python train.py
