#!/bin/bash
#SBATCH -J orexit -N 1 -t 5
srun -x dgx9 true
echo "status $?"
srun -x dgx9 sleep 1 || exit 7
echo unreachable
