#!/bin/bash
#SBATCH --time=4320
#SBATCH --mem=480g
#SBATCH --comment="opensource code neurips submission"
##SBATCH --signal=B:USR1@60 # disabled
srun hostname
