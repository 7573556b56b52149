#!/bin/bash -e
#SBATCH --job-name=shebang
#SBATCH --ntasks=1
#SBATCH --time=00:02:00
# -e given on the interpreter line.
srun --gpus=1 true
sleep 20
