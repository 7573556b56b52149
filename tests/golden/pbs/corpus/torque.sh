#!/bin/bash
#PBS -N train-resnet
#PBS -l walltime=01:30:00
#PBS -l nodes=2:ppn=4
#PBS -q debug
#PBS -o /tmp/slurm-oracle-jobs/pbs/train.log
#PBS -j oe
#PBS -m abe
#PBS -M alice@example.org
#PBS -A research
#PBS -l mem=4gb

cd $PBS_O_WORKDIR
hostname
