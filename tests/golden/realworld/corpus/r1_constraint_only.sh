#!/bin/bash
#SBATCH --constraint=a100
srun hostname
