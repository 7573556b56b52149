#!/bin/bash
#SBATCH : --time=5
srun hostname
