#!/bin/bash
#SBATCH -N 2-x
srun hostname
