#!/bin/bash
#SBATCH --overcommit --ntasks-per-node=8
srun hostname
