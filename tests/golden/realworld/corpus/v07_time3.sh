#!/bin/bash
#SBATCH --time=3
srun hostname
