#!/bin/bash
#SBATCH --job-name=llmc-multinode                                     # job name
#SBATCH --output=/home/ubuntu/llm.c/scripts/multi_node/%x_%j_%t.log   # output file
#SBATCH --error=/home/ubuntu/llm.c/scripts/multi_node/%x_%j_%t.err    # error file
##SBATCH --partition=llmc                                              # Specify the GPU partition
#SBATCH --ntasks=16                                                   # total number of processes to launch on all nodes
#SBATCH --nodes=2                                                     # total number of nodes
#SBATCH --ntasks-per-node=8                                           # assuming each node has 8 gpus
#SBATCH --gres=gpu:8                                                  # request 8 gpus from each node
srun hostname
