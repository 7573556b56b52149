#!/bin/bash
#SBATCH --job-name=cron-daily        # job name
#SBATCH --ntasks=1                   # number of MP tasks
#SBATCH --nodes=1
#SBATCH --hint=nomultithread         # we get physical cores not logical
#SBATCH --time=0:30:00               # maximum execution time (HH:MM:SS)
#SBATCH --output=%x-%j.out           # output file name
##SBATCH --partition=PARTITION     # edit me
##SBATCH --account=GROUP@PARTITION # edit me
srun hostname
