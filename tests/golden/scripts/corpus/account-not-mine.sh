#!/bin/bash
#SBATCH -A product
#SBATCH -t 10

hostname
