#!/bin/bash
#SBATCH --gres=gpu:H100:2
srun hostname
