#!/bin/bash
#SBATCH --chdir=/tmp/slurm-oracle-jobs/realworld/..
srun hostname
