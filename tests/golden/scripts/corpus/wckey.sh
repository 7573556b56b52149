#!/bin/bash
#SBATCH --wckey=projectx
#SBATCH --account=research
#SBATCH --time=10:00

hostname
