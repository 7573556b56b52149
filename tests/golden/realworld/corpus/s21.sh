#!/bin/bash
#SBATCH -J {job_name}
#SBATCH -N {(n_gpus-1)//4 + 1}
#SBATCH -p boost_usr_prod
#SBATCH --qos normal
#SBATCH -A L-AUT_Sch-Hoef
#SBATCH --output stdout.txt
#SBATCH --time {time}
#SBATCH --gres=gpu:{min(n_gpus, 4)}
#SBATCH --ntasks-per-node={min(n_gpus, 4)}
#SBATCH --signal=B:USR1@300
#SBATCH --export=NONE
srun hostname
