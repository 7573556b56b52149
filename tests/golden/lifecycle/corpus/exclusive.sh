#!/bin/bash
#SBATCH -J excl
#SBATCH --exclusive
#SBATCH -t 5
sleep 30
#SLURMSIM --runtime=30s
