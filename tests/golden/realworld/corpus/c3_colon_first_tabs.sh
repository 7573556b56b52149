#!/bin/bash
#SBATCH 	  : x
srun hostname
