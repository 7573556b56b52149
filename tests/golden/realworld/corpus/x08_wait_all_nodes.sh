#!/bin/bash
#SBATCH --wait-all-nodes=1
#SBATCH -N 2
srun hostname
