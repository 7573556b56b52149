#!/bin/bash
#SBATCH -N1
#SBATCH hetjob -N2
#SBATCH -t 5
true
