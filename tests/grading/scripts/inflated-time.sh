#!/bin/bash
#SBATCH -J eval
#SBATCH --gres=gpu:8
#SBATCH -t 8:00:00
#SLURMSIM --runtime=1h
# The same evaluation, with "plenty of time": it would delay the pretrain, so it waits.
torchrun --nproc_per_node=8 eval.py
