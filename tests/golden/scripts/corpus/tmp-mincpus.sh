#!/bin/bash
#SBATCH --tmp=100G
#SBATCH --mincpus=16
#SBATCH -n 1
#SBATCH --time=1:00:00

cp -r dataset "$TMPDIR" && ./process "$TMPDIR/dataset"
