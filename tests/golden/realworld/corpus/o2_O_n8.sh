#!/bin/bash
#SBATCH -O -n 8
srun hostname
