#!/bin/bash
#SBATCH--time=24:00:00
#SBATCH--job-name=nospace
srun hostname
