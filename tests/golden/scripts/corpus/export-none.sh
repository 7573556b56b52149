#!/bin/bash
#SBATCH --export=NONE
#SBATCH --job-name=clean-env
#SBATCH --ntasks=2

env | sort
