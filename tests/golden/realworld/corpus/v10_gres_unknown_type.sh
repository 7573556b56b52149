#!/bin/bash
#SBATCH --gres=gpu:rtx8000:1
srun hostname
