#!/bin/bash
#SBATCH -J eval
#SBATCH --gpus-pre-node=8
#SBATCH -t 1:30:00
torchrun --nproc_per_node=8 eval.py
