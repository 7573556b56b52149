#!/bin/bash
#SBATCH --exclusive=user
#SBATCH -N 1
#SBATCH --time=30

./many_small_tasks.sh
