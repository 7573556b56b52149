#!/bin/bash
#SBATCH -t 5 -N1 -c4
#SBATCH hetjob
#SBATCH -N2 --gpus-per-node=2
srun --het-group=0 hostname : --het-group=1 hostname
