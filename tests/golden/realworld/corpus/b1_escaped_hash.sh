#!/bin/bash
#SBATCH --job-name=a\#c
srun hostname
