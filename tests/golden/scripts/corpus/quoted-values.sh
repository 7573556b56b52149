#!/bin/bash
#SBATCH --job-name="eval run"
#SBATCH --comment='ablation: lr=3e-4, bs=256'
#SBATCH --output="eval run %j.txt"

python eval.py
