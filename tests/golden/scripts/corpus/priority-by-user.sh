#!/bin/bash
#SBATCH --priority=1000
#SBATCH -t 10

hostname
