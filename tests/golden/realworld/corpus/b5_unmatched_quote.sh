#!/bin/bash
#SBATCH --job-name="ab
srun hostname
