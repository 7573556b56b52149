#!/bin/bash
#SBATCH --qos=high
#SBATCH -t 10

hostname
