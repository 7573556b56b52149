#!/bin/bash
##SBATCH --partition=nope
#--SBATCH --partition=nope2
#SBATCH --job-name=dis
srun hostname
