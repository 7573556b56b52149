#!/bin/bash
#SBATCH -J train2
#SBATCH -N 2 --ntasks-per-node=8 --cpus-per-task=2
#SBATCH --gres=gpu:h100:8
#SBATCH -t 10
sleep 50
#SLURMSIM --runtime=50s
