#!/bin/bash
#SBATCH --job-name=plus
#SBATCH --ntasks=1
#SBATCH --time=00:02:00
# -e turned off again before the srun.
set -eu
echo "setting up"
set +e
srun --gpus=1 true
sleep 5
