#!/bin/bash
#SBATCH --job-name=will-fail
#SBATCH --gres=gpu:h100:2
#SBATCH --time=00:05:00
set -e
sleep 8
exit 3
