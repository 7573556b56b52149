#!/bin/bash
#SBATCH --mem=4000
srun hostname
