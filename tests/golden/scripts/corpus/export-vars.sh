#!/bin/bash
#SBATCH --export=ALL,OMP_NUM_THREADS=8,MODEL=resnet50
#SBATCH --cpus-per-task=8
#SBATCH --gpus=1

python bench.py --model "$MODEL"
