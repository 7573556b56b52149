#!/bin/bash
#SBATCH -J eval
#SBATCH --gres=gpu:16
#SBATCH -t 1:30:00
# A DGX server has 8 GPUs: sbatch refuses the job.
torchrun --nproc_per_node=16 eval.py
