#!/bin/bash
#SBATCH -J eval
#SBATCH --gres=gpu:8
#SBATCH --ntasks=2
#SBATCH -t 1:30:00
#SLURMSIM --runtime=1h
# Eight GPUs, two processes: six GPUs sit idle for the whole job.
srun -n 2 python eval.py
