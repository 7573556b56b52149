#!/bin/bash
#SBATCH --job-name=post
#SBATCH --gres=gpu:1
#SBATCH --time=2:00
sleep 5
