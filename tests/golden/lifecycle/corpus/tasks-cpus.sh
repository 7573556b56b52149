#!/bin/bash
#SBATCH -J tasks
#SBATCH -n 4 --cpus-per-task=8 --mem-per-cpu=4G
#SBATCH -t 5
sleep 30
#SLURMSIM --runtime=30s
