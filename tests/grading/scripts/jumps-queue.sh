#!/bin/bash
#SBATCH -J eval
#SBATCH --gres=gpu:8
#SBATCH -t 3:00:00
#SBATCH --qos=high
#SLURMSIM --runtime=2h30m
# A high-priority QOS starts it at once on dgx4, but it outlasts the hole: the pretrain
# starts 45 minutes late.
torchrun --nproc_per_node=8 eval.py
