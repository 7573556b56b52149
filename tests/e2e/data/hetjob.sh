#!/bin/bash
#SBATCH -t 5 -N1 -n1 -c2 --mem=2G -o hetjob-%j.out
#SBATCH hetjob
#SBATCH -N2 -n2 --gpus-per-node=1 --mem=1G
F='^SLURM_(JOBID|JOB_ID|JOB_UID|JOB_GID|TASK_PID|SRUN_COMM_PORT|STEP_LAUNCHER_PORT|WORKING_CLUSTER|CONF|SUBMIT_HOST|UMASK|PRIO_PROCESS|STEP_GPUS|JOB_GPUS|JOB_START_TIME|JOB_END_TIME)(_HET_GROUP_[0-9]+|_PACK_GROUP_[0-9]+)?='
echo "## batch"
env | grep -E "^SLURMD?_" | grep -vE "$F" | sort
echo "## step in component 1"
srun --het-group=1 -l sh -c 'sleep $SLURM_PROCID; env | grep -E "^SLURMD?_" | grep -vE "'"$F"'" | sort'
echo "## step in the leader"
srun --het-group=0 sh -c 'echo $SLURM_STEP_ID $SLURM_STEP_NODELIST $SLURM_NTASKS'
