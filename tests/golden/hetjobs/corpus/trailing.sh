#!/bin/bash
#SBATCH -N1
#SBATCH hetjob
true
