#!/bin/bash
#SBATCH -c 200
#SBATCH -t 10

hostname
