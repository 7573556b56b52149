#!/bin/bash
#SBATCH --oversubscribe
#SBATCH -n 2
#SBATCH --mem=1G
#SBATCH --time=10

./light_task
