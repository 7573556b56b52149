#!/bin/bash
#SBATCH -J eval
#SBATCH --gres=gpu:8
#SBATCH -t 1:30:00
#SLURMSIM --runtime=1h
# Evaluation on one server: an honest time limit lets backfill start it on the idle dgx4.
torchrun --nproc_per_node=8 eval.py
