#!/bin/bash
#SBATCH --reservation=maint
#SBATCH -t 10

hostname
