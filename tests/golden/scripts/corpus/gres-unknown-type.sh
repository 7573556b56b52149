#!/bin/bash
#SBATCH --gres=gpu:a100:2
#SBATCH -t 10

nvidia-smi
