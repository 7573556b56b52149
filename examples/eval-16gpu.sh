#!/bin/bash
# An evaluation sweep of the product team: two servers, sixteen GPUs.
#SBATCH --job-name=eval
#SBATCH --nodes=2
#SBATCH --gres=gpu:8
#SBATCH --time=01:00:00
srun python eval.py
#SLURMSIM --runtime=45:00
