#!/bin/bash
#SBATCH --job-name=killed
#SBATCH --ntasks=1
#SBATCH --time=00:02:00
# Under -e a step killed by a signal ends the script too (srun exits with the signal's number).
set -e
srun sleep 100
sleep 20
