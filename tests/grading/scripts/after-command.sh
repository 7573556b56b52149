#!/bin/bash
#SBATCH -J eval
module load cuda
#SBATCH --gres=gpu:8
#SBATCH -t 1:30:00
#SLURMSIM --runtime=1h
# The directives after `module load` are ignored: no GPUs, and the partition's default time.
torchrun --nproc_per_node=8 eval.py
