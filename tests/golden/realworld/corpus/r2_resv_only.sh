#!/bin/bash
#SBATCH --reservation=multigpu
srun hostname
