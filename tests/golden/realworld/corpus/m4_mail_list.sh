#!/bin/bash
#SBATCH --mail-type=END,FAIL,TIME_LIMIT_50
srun hostname
