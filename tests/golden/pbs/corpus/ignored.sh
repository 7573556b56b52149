#!/bin/bash
#SBATCH --ignore-pbs
#PBS -N from-pbs
#PBS -l nodes=2
hostname
