#!/bin/bash
#SBATCH --mem=480g
srun hostname
