#!/bin/bash
#SBATCH --mail-user=a@b.c
#SBATCH --mail-type=BEGIN
#SBATCH --mail-type=END,FAIL
#SBATCH --mail-type=TIME_LIMIT_50
srun hostname
