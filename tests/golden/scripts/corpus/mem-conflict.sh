#!/bin/bash
#SBATCH --mem=16G
#SBATCH --mem-per-cpu=2G
#SBATCH -t 10

hostname
