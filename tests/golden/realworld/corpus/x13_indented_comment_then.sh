#!/bin/bash
  # indented comment

#SBATCH --job-name=indent
srun hostname
