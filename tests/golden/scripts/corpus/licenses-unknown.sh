#!/bin/bash
#SBATCH --licenses=matlab:1
#SBATCH -t 10

matlab -batch run
