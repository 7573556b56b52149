#!/bin/sh
#SBATCH --job-name=posix
#SBATCH --ntasks=1
#SBATCH --mem=2G

for f in data/*.csv; do wc -l "$f"; done
