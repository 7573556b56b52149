#!/usr/bin/env python3
#SBATCH --job-name=py
#SBATCH --time=5
srun hostname
