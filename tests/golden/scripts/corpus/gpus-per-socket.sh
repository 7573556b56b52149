#!/bin/bash
#SBATCH --gpus-per-socket=2
#SBATCH --sockets-per-node=2
#SBATCH --nodes=1
#SBATCH --time=30

./numa-bench
