#!/bin/bash
#SBATCH --job-name=a\ b\#c
srun hostname
