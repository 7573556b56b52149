#!/bin/bash
#SBATCH --job-name=x
#SBATCH –-gpus=8
#SBATCH --time=5
srun hostname
