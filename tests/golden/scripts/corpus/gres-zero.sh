#!/bin/bash
#SBATCH --gres=gpu:0
#SBATCH -p debug
#SBATCH -t 10

hostname
