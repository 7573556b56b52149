#!/bin/bash
#SBATCH --job-name=andthen
#SBATCH --ntasks=1
#SBATCH --time=00:02:00
# What follows && runs only if the srun succeeds; -e does not stop at the srun of an && list.
set -o errexit
srun --gpus=1 true && sleep 60
sleep 5
