#!/bin/bash
#SBATCH -J tlimit
#SBATCH --time=1
sleep 300
#SLURMSIM --runtime=300s
