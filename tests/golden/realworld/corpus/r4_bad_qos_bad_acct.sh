#!/bin/bash
#SBATCH --qos=regular
#SBATCH --account=nstaff
srun hostname
