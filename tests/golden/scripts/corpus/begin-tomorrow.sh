#!/bin/bash
#SBATCH --begin=tomorrow
#SBATCH -t 10

hostname
