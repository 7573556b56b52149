#!/bin/bash
#SBATCH --job-name=accelerate-ft
#SBATCH --gpus=4
#SBATCH --ntasks=1
#SBATCH --cpus-per-gpu=8
#SBATCH --mem-per-gpu=64G
#SBATCH --time=4:00:00

accelerate launch --num_processes 4 finetune.py --model mistral-7b
