#!/bin/bash
#SBATCH -o out-%A-%a-%u-%N.txt
#SBATCH -e err-%j-%x.txt
#SBATCH -J patterns
#SBATCH -t 5

echo hi
