#!/bin/bash
#SBATCH --array=1-100:10%5
#SBATCH --mem-per-cpu=2G
#SBATCH -c 2
#SBATCH --time=00:20:00
#SBATCH -o chunk-%a.out
#SBATCH -e chunk-%a.err

python preprocess.py --start "$SLURM_ARRAY_TASK_ID" --count 10
