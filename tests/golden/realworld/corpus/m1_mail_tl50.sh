#!/bin/bash
#SBATCH --mail-type=TIME_LIMIT_50
srun hostname
