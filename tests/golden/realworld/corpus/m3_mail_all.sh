#!/bin/bash
#SBATCH --mail-type=ALL
srun hostname
