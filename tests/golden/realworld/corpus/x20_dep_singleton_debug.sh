#!/bin/bash
#SBATCH --dependency=singleton
#SBATCH -p debug
#SBATCH --time=0-00:30
srun hostname
