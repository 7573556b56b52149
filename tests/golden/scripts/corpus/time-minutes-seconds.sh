#!/bin/bash
#SBATCH --time=05:30
#SBATCH -p debug

hostname
