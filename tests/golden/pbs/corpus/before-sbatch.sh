#!/bin/bash
#PBS -N from-pbs
#SBATCH -J from-sbatch
hostname
