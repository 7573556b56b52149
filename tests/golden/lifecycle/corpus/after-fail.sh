#!/bin/bash
#SBATCH -J afterfail
#SBATCH -t 5
sleep 10
#SLURMSIM --runtime=10s
