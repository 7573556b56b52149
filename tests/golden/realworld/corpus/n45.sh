#!/bin/bash
#SBATCH --job-name=bwa-array
#SBATCH --mail-user=alexander.trouern-trend@uconn.edu
#SBATCH --mail-type=ALL
#SBATCH -n 1
#SBATCH -N 1
#SBATCH -c 16
#SBATCH --mem=80G
#SBATCH --array=[1-74]%20
#SBATCH -o %x_%A_%a.out
#SBATCH -e %x_%A_%a.out
##SBATCH --partition=general
##SBATCH --qos=general
srun hostname
