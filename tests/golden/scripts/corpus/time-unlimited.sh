#!/bin/bash
#SBATCH --time=UNLIMITED
#SBATCH --gres=gpu:1

python serve.py
