#!/bin/bash
#SBATCH --time=5  --job-name=c   :x
srun hostname
