#!/bin/bash
#SBATCH --begin=now+2hours
#SBATCH --job-name=after-maintenance
#SBATCH --time=15

rsync -a results/ /archive/results/
