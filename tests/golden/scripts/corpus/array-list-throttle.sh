#!/bin/bash
#SBATCH --array=1,3,5,7%2
#SBATCH -J ensemble
#SBATCH --gpus=1
#SBATCH --time=2:00:00
#SBATCH --output=ens-%A-%a.out

python member.py --seed "$SLURM_ARRAY_TASK_ID"
