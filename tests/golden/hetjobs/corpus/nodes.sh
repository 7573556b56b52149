#!/bin/bash
#SBATCH -N2 -w dgx1 --mem-per-cpu=3G --gpus=2 --mincpus=4 --contiguous --gpus-per-task=1 -n2 --dependency=singleton
#SBATCH hetjob
#SBATCH -t 5
true
