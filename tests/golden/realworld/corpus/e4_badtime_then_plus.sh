#!/bin/bash
#SBATCH --time=bogus
#SBATCH +
srun hostname
