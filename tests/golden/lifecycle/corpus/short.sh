#!/bin/bash
#SBATCH -J short
#SBATCH -t 2
sleep 10
#SLURMSIM --runtime=10s
