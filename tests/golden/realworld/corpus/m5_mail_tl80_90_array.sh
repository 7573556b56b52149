#!/bin/bash
#SBATCH --mail-type=TIME_LIMIT_80,TIME_LIMIT_90,ARRAY_TASKS
#SBATCH --array=1-2
srun hostname
