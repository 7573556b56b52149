#!/bin/bash
#SBATCH hetjob
#SBATCH hetjob
#SBATCH -N2
true
