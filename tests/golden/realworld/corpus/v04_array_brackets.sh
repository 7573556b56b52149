#!/bin/bash
#SBATCH --array=[1-74]%20
#SBATCH -o %x_%A_%a.out
srun hostname
