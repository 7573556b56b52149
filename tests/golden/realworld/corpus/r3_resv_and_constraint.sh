#!/bin/bash
#SBATCH --reservation=multigpu
#SBATCH --constraint=a100
srun hostname
