#!/bin/bash
#SBATCH --mem=16gb
srun hostname
