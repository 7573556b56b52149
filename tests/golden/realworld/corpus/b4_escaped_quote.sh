#!/bin/bash
#SBATCH --job-name=a\"b
srun hostname
