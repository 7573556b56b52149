#!/bin/bash
#SBATCH --job-name="my job" # a comment
#SBATCH --comment='a # b'   # trailing comment
#SBATCH --output="out #1.txt"#glued comment
srun hostname
