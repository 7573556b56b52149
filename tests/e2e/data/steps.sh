#!/bin/bash
#SBATCH -N 2 -n 4 --gpus-per-node=4 -t 5 -o stepenv.out
F='^SLURM_(JOBID|JOB_ID|JOB_UID|JOB_GID|TASK_PID|SRUN_COMM_PORT|STEP_LAUNCHER_PORT|WORKING_CLUSTER|CONF|SUBMIT_HOST|UMASK|PRIO_PROCESS|STEP_GPUS|JOB_GPUS|JOB_START_TIME|JOB_END_TIME|JOB_USER|JOB_ACCOUNT|SUBMIT_DIR)='
show() { echo "## srun $*"; srun "$@" sh -c 'sleep $SLURM_PROCID; env | grep -E "^SLURMD?_" | grep -vE "'"$F"'" | sort'; }
show -n1 -c2
show -n2 --gpus-per-task=1
show -N1 -n2
show -n2 --ntasks-per-node=1
show -n1 --exclusive
show -n1 --mem-per-cpu=1000
show -n1 --gpus=1 --cpus-per-gpu=2
show -n2 -m cyclic
