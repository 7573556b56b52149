#!/bin/bash
#SBATCH -J first -t 10
#SBATCH -N1 --gres=gpu:2
#SBATCH packjob
#SBATCH -J second -N2 -c 3
true
