#!/bin/bash
#SBATCH -J ds-zero3
#SBATCH -N 4
#SBATCH --ntasks-per-node=8
#SBATCH --gres=gpu:h100:8
#SBATCH --cpus-per-task=12
#SBATCH --mem-per-cpu=8G
#SBATCH -t 12:00:00
#SBATCH --partition=gpu
#SBATCH --signal=B:USR1@300
#SBATCH --requeue
#SBATCH -o %x_%j.log

trap 'echo "checkpoint requested"; touch CHECKPOINT_NOW' USR1
hostfile=hostfile.$SLURM_JOB_ID
scontrol show hostnames | sed 's/$/ slots=8/' > "$hostfile"
deepspeed --hostfile "$hostfile" train.py --deepspeed ds_config.json &
wait
