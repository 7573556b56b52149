#!/bin/bash
#SBATCH -N 2 -n 3 -c 2 --gpus-per-node=2 -t 5 -o envjob-%j.out
F='^SLURM_(JOBID|JOB_ID|JOB_UID|JOB_GID|TASK_PID|SRUN_COMM_PORT|STEP_LAUNCHER_PORT|WORKING_CLUSTER|CONF|SUBMIT_HOST|UMASK|PRIO_PROCESS|STEP_GPUS|JOB_GPUS|JOB_START_TIME|JOB_END_TIME)='
echo "## batch"
env | grep -E "^SLURMD?_" | grep -vE "$F" | sort
echo "## step"
srun -l sh -c 'sleep $SLURM_PROCID; env | grep -E "^SLURMD?_" | grep -vE "'"$F"'" | sort'
echo "## step -n1 --gpus=1"
srun -n1 --gpus=1 sh -c 'env | grep -E "^SLURMD?_" | grep -vE "'"$F"'" | sort'
