#!/bin/bash
#SBATCH --mem=250GB		
srun hostname
