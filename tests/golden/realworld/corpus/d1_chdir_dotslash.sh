#!/bin/bash
#SBATCH -D ./
srun hostname
