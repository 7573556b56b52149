#!/bin/bash

#SBATCH --job-name=wmt-en2de

#SBATCH --qos=qos_gpu-t4

#SBATCH --output=./logfiles/logfile_wmt.out

#SBATCH --error=./logfiles/logfile_wmt.err

#SBATCH --time=70:00:00

#SBATCH --ntasks=1

#SBATCH --gres=gpu:4

#SBATCH --cpus-per-task=40

#SBATCH --hint=nomultithread

#SBATCH --constraint=v100-32g
srun hostname
