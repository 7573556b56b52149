#!/bin/bash
#SBATCH -J from-sbatch
#SBATCH -t 20
#PBS -N from-pbs
hostname
