#!/bin/bash
#SBATCH --job-name=errexit
#SBATCH --ntasks=1
#SBATCH --time=00:02:00
# Strict mode: the srun asking for a GPU the job does not have fails, and the script with it.
set -euo pipefail
echo "starting on $(hostname)"
srun --gpus=1 true
sleep 20
