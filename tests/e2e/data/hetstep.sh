#!/bin/bash
#SBATCH -t 5 -N1 -n2 --mem=2G -o hetstep-%j.out
#SBATCH hetjob
#SBATCH -N2 -n2 --gpus-per-node=1 --mem=1G
F='^SLURM_(JOBID|JOB_ID|JOB_UID|JOB_GID|TASK_PID|SRUN_COMM_PORT|STEP_LAUNCHER_PORT|WORKING_CLUSTER|CONF|SUBMIT_HOST|UMASK|PRIO_PROCESS|STEP_GPUS|JOB_GPUS|JOB_START_TIME|JOB_END_TIME)(_HET_GROUP_[0-9]+|_PACK_GROUP_[0-9]+)?='
ENV='sleep $SLURM_PROCID; env | grep -E "^SLURMD?_" | grep -vE "'"$F"'" | sort'
P='sleep $SLURM_PROCID; echo $SLURM_PROCID $SLURM_NODEID $SLURMD_NODENAME $SLURM_GTIDS $SLURM_LOCALID $SLURM_STEP_ID $SLURM_NTASKS $SLURM_STEP_NODELIST $SLURM_JOB_NODELIST $SLURM_STEP_TASKS_PER_NODE $SLURM_JOB_CPUS_PER_NODE $SLURM_GPUS_ON_NODE'
ids() { sed "s/^hs-$SLURM_JOB_ID_HET_GROUP_1-/hs-<1>-/; s/^hs-$SLURM_JOB_ID_HET_GROUP_0-/hs-<0>-/; s/job $SLURM_JOB_ID_HET_GROUP_1:/job <1>:/; s/job $SLURM_JOB_ID_HET_GROUP_0:/job <0>:/"; }
echo "## one step over both components"
srun -l --het-group=0 sh -c "$ENV" : --het-group=1 sh -c "$ENV"
echo "rc $?"
echo "## offsets out of order"
srun -l --het-group=1 sh -c "$P" : --het-group=0 sh -c "$P"; echo "rc $?"
echo "## a range, one command"
srun -l --het-group=0-1 sh -c "$P"; echo "rc $?"
echo "## a list, without a command in the first"
srun -l --het-group=0 : --het-group=1 -n1 sh -c "$P"; echo "rc $?"
echo "## in turn, the label carried"
srun -l sh -c "$P" : sh -c "$P"; echo "rc $?"
echo "## the label not carried back"
srun sh -c 'echo zero' : -l sh -c 'sleep $SLURM_PROCID; echo one'; echo "rc $?"
echo "## one task of a two-node component"
srun -l --het-group=1 -n1 sh -c "$P"; echo "rc $?"
echo "## files"
srun -o hs-%j-%t-%n-%s.out --het-group=0 sh -c 'echo $SLURM_PROCID' : --het-group=1 sh -c 'echo $SLURM_PROCID'; echo "rc $?"
ls hs-*.out | ids; cat hs-*.out | sort; rm -f hs-*.out
echo "## refusals"
srun --het-group=0 true : --het-group=0 true; echo "rc $?"
srun --het-group=0,0 true; echo "rc $?"
srun --het-group=2 true; echo "rc $?"
srun --het-group=1,2 true; echo "rc $?"
srun true : true : true; echo "rc $?"
srun --het-group=x true; echo "rc $?"
srun --het-group=1-x true; echo "rc $?"
srun --het-group=0 -n3 true : --het-group=1 true 2>&1 | ids; echo "rc ${PIPESTATUS[0]}"
srun --het-group=0 true : --het-group=1 -n3 true 2>&1 | ids; echo "rc ${PIPESTATUS[0]}"
echo "## exits"
srun --het-group=0 sh -c 'exit 3' : --het-group=1 true; echo "rc $?"
srun --het-group=0 true : --het-group=1 sh -c '[ $SLURM_PROCID != 3 ] || exit 7'; echo "rc $?"
srun --het-group=0 sh -c 'sleep 1; kill -9 $$' : --het-group=1 sh -c '[ $SLURM_PROCID != 2 ] || exit 2'; echo "rc $?"
echo "## the next step"
srun sh -c 'echo $SLURM_STEP_ID $SLURM_NTASKS'; echo "rc $?"
