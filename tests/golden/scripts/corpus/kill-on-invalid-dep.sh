#!/bin/bash
#SBATCH --kill-on-invalid-dep=yes
#SBATCH --dependency=afterok:1
#SBATCH -t 10

hostname
