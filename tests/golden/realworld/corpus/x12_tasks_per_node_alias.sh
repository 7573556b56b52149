#!/bin/bash
#SBATCH --tasks-per-node=2
#SBATCH -N 2
srun hostname
