#!/bin/bash
# Llama 3.1 70B pretraining: tensor parallel 8 inside each DGX, data parallel 4 across them.
# Every step (34.28 s at 41% MFU) needs all 32 GPUs, so the job asks for all four servers at once.
#SBATCH --job-name=pretrain
#SBATCH --account=research
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=8
#SBATCH --gres=gpu:h100:8
#SBATCH --time=04:00:00
srun torchrun --nnodes=4 --nproc-per-node=8 train.py --tp 8 --dp 4
# For slurmsim: this run takes 3 hours. (After the first command, where real Slurm ignores it.)
#SLURMSIM --runtime=3:00:00
