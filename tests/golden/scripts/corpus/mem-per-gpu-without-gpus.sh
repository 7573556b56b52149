#!/bin/bash
#SBATCH --mem-per-gpu=10G
#SBATCH -n 1
#SBATCH -t 10

hostname
