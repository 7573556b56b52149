#!/bin/bash
#SBATCH --array=1-2
#SBATCH hetjob
#SBATCH -N2
true
