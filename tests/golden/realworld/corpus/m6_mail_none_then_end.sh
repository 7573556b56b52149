#!/bin/bash
#SBATCH --mail-type=NONE
#SBATCH --mail-type=END
srun hostname
