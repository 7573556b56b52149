#!/bin/bash
#SBATCH --job-name="my eval job"
#SBATCH --output=logs/%x-%j.out
#SBATCH --error=logs/%x-%j.err
#SBATCH -t 10

python eval.py
