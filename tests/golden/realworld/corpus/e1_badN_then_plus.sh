#!/bin/bash
#SBATCH -N abc
#SBATCH +
srun hostname
