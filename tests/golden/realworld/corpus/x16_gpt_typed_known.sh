#!/bin/bash
#SBATCH --gpus-per-task=h100:1
#SBATCH -n 2
srun hostname
