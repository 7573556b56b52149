#!/bin/bash
#SBATCH --mail-type=BEGIN
#SBATCH --mail-type=END
srun hostname
