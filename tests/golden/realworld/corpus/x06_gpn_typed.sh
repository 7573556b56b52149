#!/bin/bash
#SBATCH --gpus-per-node=v100l:4
#SBATCH --array=0-0
srun hostname
