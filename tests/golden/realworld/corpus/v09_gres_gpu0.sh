#!/bin/bash
#SBATCH --gres=gpu:0
srun hostname
