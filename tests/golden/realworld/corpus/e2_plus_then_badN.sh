#!/bin/bash
#SBATCH +
#SBATCH -N abc
srun hostname
