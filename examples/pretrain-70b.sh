#!/bin/bash
# Llama 3.1 70B pretraining: tensor parallel 8 inside each DGX, data parallel 4 across them.
# Every step (34.28 s at 41% MFU) needs all 32 GPUs, so the job asks for all four servers at once.
#SBATCH --job-name=pretrain
#SBATCH --account=research
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=8
#SBATCH --gres=gpu:h100:8
#SBATCH --time=04:00:00
#SLURMSIM --runtime=3:00:00
srun torchrun --nnodes=4 --nproc-per-node=8 train.py --tp 8 --dp 4
