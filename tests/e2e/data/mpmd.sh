#!/bin/bash
#SBATCH -t 5 -N3 -n5 -o mpmd-%j.out
F='^SLURM_(JOBID|JOB_ID|JOB_UID|JOB_GID|TASK_PID|SRUN_COMM_PORT|STEP_LAUNCHER_PORT|WORKING_CLUSTER|CONF|SUBMIT_HOST|UMASK|PRIO_PROCESS|STEP_GPUS|JOB_GPUS|JOB_START_TIME|JOB_END_TIME)='
ENV='sleep $SLURM_PROCID; env | grep -E "^SLURMD?_" | grep -vE "'"$F"'" | sort'
P='sleep $SLURM_PROCID; echo $SLURM_PROCID $SLURM_NODEID $SLURMD_NODENAME $SLURM_GTIDS $SLURM_LOCALID $SLURM_STEP_ID $SLURM_NTASKS $SLURM_STEP_NODELIST $SLURM_JOB_NODELIST $SLURM_STEP_TASKS_PER_NODE $SLURM_CPUS_ON_NODE $SLURM_JOB_NAME'
id() { sed -E "s/(^|STEP )$SLURM_JOB_ID([.|])/\1<id>\2/"; }
echo "## two parts, each its own node"
srun -l -n1 sh -c "$P" : -n1 sh -c "$P"; echo "rc $?"
echo "## the whole environment"
srun -l -n1 sh -c "$ENV" : -n1 sh -c "$ENV"; echo "rc $?"
echo "## three parts"
srun -l -n3 sh -c "$P" : -n1 sh -c "$P" : -n1 sh -c "$P"; echo "rc $?"
echo "## a part over two nodes"
srun -l -n4 sh -c "$P" : -n1 sh -c "$P"; echo "rc $?"
echo "## -N above the tasks"
srun -l -N2 -n1 sh -c "$P" : -n1 sh -c "$P"; echo "rc $?"
echo "## a command only in the last"
srun -l -n1 : -n1 sh -c "$P"; echo "rc $?"
echo "## files"
srun -n2 -o mp-%t-%s-%n.out sh -c 'echo $SLURM_PROCID' : -n1 sh -c 'echo $SLURM_PROCID'; echo "rc $?"
ls mp-*.out; cat mp-*.out | sort; rm -f mp-*.out
echo "## exit codes"
srun -n1 sh -c 'exit 2' : -n1 sh -c 'sleep 1; exit 3'; echo "rc $?"
srun -n1 true : -n1 sh -c 'exit 4'; echo "rc $?"
echo "## refusals"
srun -n2 true : -n2 true; echo "rc $?"
srun -n5 true : -n1 true; echo "rc $?"
srun true : true; echo "rc $?"
srun -N2 true : -n1 true; echo "rc $?"
srun -n1 true : -n1; echo "rc $?"
srun -w dgx1 -x dgx1 -n1 true; echo "rc $?"
srun -w dgx1,dgx2 -x dgx2,dgx1 -n2 true; echo "rc $?"
srun -n1 true : -w dgx3 -x dgx3 -n1 true; echo "rc $?"
srun -n1 true : -w dgx2,dgx1 -n2 true; echo "rc $?"
srun -w dgx1 -x dgx1 -n1 true : -n1 true; echo "rc $?"
echo "## accounting"; sleep 3
sacct -p -j $SLURM_JOB_ID -o jobid,jobname,state,exitcode,nnodes,ntasks,nodelist,alloccpus | id
echo "## cancelled"
srun -n1 sleep 30 : -n1 sleep 30 2> cancelled.err &
sleep 3
squeue -s -j $SLURM_JOB_ID -o "%i %j %N %A" | id
S=$(squeue -h -s -j $SLURM_JOB_ID -o %i | grep + | head -1 | sed 's/+.*//')
squeue -h -s $S -o %i | id
squeue -h -s $S+1 -o %i | id
sacct -n -p -j $S -o jobid,state | id
scontrol show step $S+1 | head -1 | cut -d' ' -f1 | sed "s/=$SLURM_JOB_ID\./=<id>./"
scancel $S+1 2>&1 | sed "s/$SLURM_JOB_ID\./<id>./"
scancel $S
wait
sort cancelled.err | sed 's/CANCELLED AT [^ ]*/CANCELLED AT <t>/' | id; rm -f cancelled.err
echo "## the next step"
srun -n1 sh -c 'echo $SLURM_STEP_ID'
