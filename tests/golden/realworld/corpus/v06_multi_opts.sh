#!/bin/bash
#SBATCH -N 1 -n 2 -c 4 --gres=gpu:1 -t 10 --partition=debug # one line
srun hostname
