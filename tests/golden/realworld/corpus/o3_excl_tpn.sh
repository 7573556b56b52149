#!/bin/bash
#SBATCH --exclusive --ntasks-per-node=8
srun hostname
