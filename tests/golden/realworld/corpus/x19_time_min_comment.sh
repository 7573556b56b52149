#!/bin/bash
#SBATCH --time=48:00:00
#SBATCH --time-min=2:00:00 #min
#SBATCH --comment=96:00:00  #desired timelimit
srun hostname
