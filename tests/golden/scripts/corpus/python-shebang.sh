#!/usr/bin/env python3
#SBATCH --job-name=py-train
#SBATCH --gres=gpu:1
#SBATCH -c 4
#SBATCH --mem=16G
#SBATCH -t 30
#SBATCH -p debug
"""A training entry point submitted directly with sbatch."""
import os

print("task", os.environ.get("SLURM_JOB_ID"), "on", os.environ.get("SLURMD_NODENAME"))
