#!/bin/bash
#SBATCH --job-name=evaluate
#SBATCH --kill-on-invalid-dep=yes
#SBATCH --gpus=1
#SBATCH --time=30:00

python evaluate.py --checkpoint latest
