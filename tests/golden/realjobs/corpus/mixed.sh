#!/bin/bash
#SBATCH --job-name=mixed
#SBATCH --ntasks=2
#SBATCH --gpus-per-node=h100:2
#SBATCH --time=00:05:00
# The job's GPUs are typed: an srun asking for untyped ones is refused and makes no step.
srun --gpus-per-task=1 true || echo "srun refused"
srun --gpus-per-node=2 sleep 5
