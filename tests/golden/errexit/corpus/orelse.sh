#!/bin/bash
#SBATCH --job-name=orelse
#SBATCH --ntasks=1
#SBATCH --time=00:02:00
# -e does not stop at a command whose failure an || handles.
set -e
srun --gpus=1 true || echo "no GPU here, going on"
sleep 5
