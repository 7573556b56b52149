#!/bin/bash
#SBATCH --signal=SIGUSR1@180
srun hostname
