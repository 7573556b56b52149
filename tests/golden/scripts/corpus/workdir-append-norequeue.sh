#!/bin/bash
#SBATCH -D /tmp
#SBATCH -o %x.%j.log
#SBATCH --open-mode=append
#SBATCH --no-requeue
#SBATCH --job-name=scratch-job

pwd
