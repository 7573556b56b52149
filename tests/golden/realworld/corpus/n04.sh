#!/bin/bash
#SBATCH --job-name=tr11-176B-ml
##SBATCH --partition=gpu_p5
##SBATCH --constraint=a100
##SBATCH --reservation=hug
##SBATCH --qos=qos_gpu-gc             # up to 100h
#SBATCH --nodes=48
#SBATCH --ntasks-per-node=1          # crucial - only 1 task per dist per node!
#SBATCH --cpus-per-task=64           # number of cores per tasks
#SBATCH --hint=nomultithread         # we get physical cores not logical
#SBATCH --gres=gpu:8                 # number of gpus
#SBATCH --time 100:00:00             # maximum execution time (HH:MM:SS)
#SBATCH --output=%x-%j.out           # output file name
##SBATCH --account=six@a100
##SBATCH --reservation=hug
srun hostname
