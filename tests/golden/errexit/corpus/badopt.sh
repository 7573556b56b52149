#!/bin/bash
#SBATCH --job-name=badopt
#SBATCH --ntasks=1
#SBATCH --time=00:02:00
# srun cannot read the distribution: it exits 255 before asking for anything, and the
# script's status is its.
sleep 2
srun -m foo true
