#!/bin/bash
#SBATCH -J wf
#SBATCH -N 2
##SBATCH -p boost_usr_prod
#SBATCH --qos normal
##SBATCH -A L-AUT_Sch-Hoef
#SBATCH --output stdout.txt
#SBATCH --time 60
#SBATCH --gres=gpu:4
#SBATCH --ntasks-per-node=4
#SBATCH --signal=B:USR1@300
#SBATCH --export=NONE
srun hostname
