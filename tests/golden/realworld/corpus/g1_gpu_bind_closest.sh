#!/bin/bash
#SBATCH -n 2 --gpus-per-task=1 --gpu-bind=closest
srun hostname
