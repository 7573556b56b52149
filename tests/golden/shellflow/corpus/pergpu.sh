#!/bin/bash
#SBATCH -J pergpu -n 4 --ntasks-per-gpu=2 -t 5
srun -n 1 true
echo "status $?"
srun true
