#!/bin/bash
#SBATCH -p gpu,debug
#SBATCH --gres=gpu:1
#SBATCH -t 30

python eval.py
