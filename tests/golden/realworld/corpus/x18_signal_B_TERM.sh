#!/bin/bash
#SBATCH --signal=B:TERM@300
srun hostname
