#!/bin/bash
#SBATCH -N1
#SBATCH HETJOB
#SBATCH -N2
true
