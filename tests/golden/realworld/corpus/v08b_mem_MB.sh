#!/bin/bash
#SBATCH --mem=8000MB
srun hostname
