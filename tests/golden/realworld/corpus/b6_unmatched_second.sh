#!/bin/bash
#SBATCH --time=5   --job-name="ab
srun hostname
