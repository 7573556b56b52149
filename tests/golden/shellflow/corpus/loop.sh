#!/bin/bash
#SBATCH -J loop -N 1 -t 5
for seed in 1 2 3; do
  srun -J "seed$seed" sleep 2
done
for ((i = 0; i < 2; i++)); do
  srun -J "pass$i" true
done
