#!/bin/bash
#SBATCH --job-name=refused
#SBATCH --ntasks=1
#SBATCH --time=00:02:00
# The job has one task and no GPU: srun runs the first step on one node (two nodes for one
# task, it warns, are one), refuses the last (exit 1), and its status is the job's.
srun --nodes=2 sleep 30
sleep 3
srun --gpus=1 true
