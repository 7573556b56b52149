#!/bin/bash
#SBATCH --partition==
srun hostname
