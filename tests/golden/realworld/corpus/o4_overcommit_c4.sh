#!/bin/bash
#SBATCH -O -n 2 -c 4
srun hostname
