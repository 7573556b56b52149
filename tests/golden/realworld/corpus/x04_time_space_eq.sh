#!/bin/bash
#SBATCH --time =10
srun hostname
