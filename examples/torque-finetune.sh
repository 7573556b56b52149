#!/bin/bash
# A fine-tune script kept from a Torque cluster: sbatch reads its #PBS lines.
#PBS -N finetune
#PBS -l nodes=1:ppn=8:gpus=4
#PBS -l walltime=02:00:00,mem=64gb
#PBS -q debug
#PBS -m ae
cd "$PBS_O_WORKDIR"
python finetune.py
#SLURMSIM --runtime=40:00
