#!/bin/bash
#SBATCH -D realworld
#SBATCH -o %x.%j.out
srun hostname
