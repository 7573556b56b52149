#!/bin/bash
#SBATCH --err=./logs/%x-%j.err
#SBATCH --out=./logs/%x-%j.out
srun hostname
