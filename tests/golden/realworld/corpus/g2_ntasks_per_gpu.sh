#!/bin/bash
#SBATCH --gpus=4 --ntasks-per-gpu=2
srun hostname
