#!/bin/bash
#SBATCH --deadline=2027-06-01T12:00:00
#SBATCH --time-min=30
#SBATCH --time=4:00:00
#SBATCH --job-name=flexible

./simulate --until-killed
