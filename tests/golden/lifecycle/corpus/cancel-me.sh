#!/bin/bash
#SBATCH -J cancelme
#SBATCH -t 10
sleep 300
#SLURMSIM --runtime=300s
