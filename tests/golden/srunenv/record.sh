#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about half a minute. Records into cases/ the SLURM_* environment of srun's tasks, on the
# job srun makes for itself and as steps of a running job (srun --jobid from outside):
# which of sbatch's variables they lack, what srun adds of itself (SLURM_SUBMIT_DIR,
# SLURM_TOPOLOGY_ADDR, --label's SLURM_LABELIO, --cpu-bind's SLURM_CPU_BIND*,
# --gpus-per-task's SLURMD_TRES_BIND) and the step's CPUs and GPUs. Variables that depend
# on the host or the caller (job ids, ports, pids, umask, nice, host name) and the GPUs' device
# lists (the oracle's GPUs are files: docs/differences.md) are left out by the command.
# Then salloc's command's environment (its own SLURM_SUBMIT_HOST shown only as set), and
# the SLURM_DISTRIBUTION a memory option makes srun's tasks see (the layout's own), the
# binding --ntasks-per-gpu makes, --export=NONE leaving no PATH to find a bare name in, and
# the bindings and CPU frequency srun hands its tasks for --hint, --ntasks-per-core,
# --threads-per-core, --ntasks-per-socket, --mem-bind, --gpu-bind, --cpu-freq, --overcommit
# and a plane distribution.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
SHOW='sleep $SLURM_PROCID; env | grep -E "^SLURMD?_" | grep -vE "^SLURM_(JOBID|JOB_ID|JOB_UID|JOB_GID|TASK_PID|SRUN_COMM_PORT|STEP_LAUNCHER_PORT|WORKING_CLUSTER|CONF|SUBMIT_HOST|UMASK|PRIO_PROCESS|STEP_GPUS|JOB_GPUS)=" | sort'
a own srun -t 5 -n 1 sh -c "$SHOW"
a own-label srun -t 5 -n 1 -l sh -c "$SHOW"
a own-memory srun -t 5 -n 1 --mem=1000 sh -c "$SHOW"
a own-gpus-per-task srun -t 5 -n 2 --gpus-per-task=1 -l sh -c "$SHOW"
a own-cpu-bind srun -t 5 -n 1 --cpu-bind=verbose,cores sh -c "$SHOW"
a own-cpu-map srun -t 5 -n 1 --cpu-bind=map_cpu:0 sh -c "$SHOW"
a own-exclusive srun -t 5 -n 1 --exclusive sh -c "$SHOW"
a own-two-nodes srun -t 5 -N 2 -n 2 -c 2 -m block sh -c "$SHOW"
a holder sbatch -t 5 -N 2 -n 4 --gpus-per-node=2 --wrap='sleep 300'
JOB=$(id)
sleep 3
a step srun --jobid="$JOB" -n 1 sh -c "$SHOW"
a step-gpus srun --jobid="$JOB" -n 1 --gpus=1 sh -c "$SHOW"
a step-two-nodes srun --jobid="$JOB" -N 2 -n 2 -l sh -c "$SHOW"
a release scancel "$JOB"
sleep 2
SHOWA="${SHOW#sleep \$SLURM_PROCID; }"  # salloc's command is no task
a salloc salloc -t 5 -n 2 sh -c "$SHOWA"
a salloc-memory salloc -t 5 -N 2 --mem=1000 --gpus-per-node=1 sh -c "$SHOWA"
a salloc-ids salloc -t 5 -n 1 sh -c 'echo ${SLURM_JOB_UID:-none} ${SLURM_JOB_GID:-none} ${SLURM_SUBMIT_HOST:+set}'
DIST='sleep $SLURM_PROCID; echo $SLURM_PROCID ${SLURM_DISTRIBUTION:-none}'
a dist-two-tasks srun -t 5 -n 2 --mem=2G sh -c "$DIST"
a dist-one-task srun -t 5 -n 1 -c 2 --mem=2G sh -c "$DIST"
a dist-two-nodes srun -t 5 -N 2 -n 2 --mem=2G sh -c "$DIST"
a dist-per-cpu srun -t 5 -n 2 --mem-per-cpu=1G sh -c "$DIST"
a dist-crowded srun -t 5 -n 4 -c 3 --mem=1G sh -c "$DIST"
a dist-no-memory srun -t 5 -n 2 -c 2 sh -c "$DIST"
a tasks-per-gpu srun -t 5 -n 2 --ntasks-per-gpu=1 --gpus-per-node=2 sh -c "$SHOW"
a export-none srun -t 5 -n 1 --export=NONE sh -c 'echo ${PATH:-none}'
a export-none-path srun -t 5 -n 1 --export=NONE /bin/sh -c 'echo ${PATH:-none}'
a bind-per-core srun -t 5 -n 2 --ntasks-per-core=1 sh -c "$SHOW"
a bind-per-thread srun -t 5 -n 1 --threads-per-core=1 sh -c "$SHOW"
a bind-nomultithread srun -t 5 -n 1 --hint=nomultithread sh -c "$SHOW"
a bind-compute-bound srun -t 5 -n 1 --hint=compute_bound sh -c "$SHOW"
a bind-multithread srun -t 5 -n 1 --hint=multithread sh -c "$SHOW"
a bind-memory srun -t 5 -n 1 --mem-bind=verbose,local sh -c "$SHOW"
a bind-memory-map srun -t 5 -n 1 --mem-bind=map_mem:0 sh -c "$SHOW"
a bind-memory-mask srun -t 5 -n 1 --mem-bind=mask_mem:0x1 sh -c "$SHOW"
a bind-gpu srun -t 5 -n 2 --gpus-per-task=1 --gpu-bind=closest sh -c "$SHOW"
a bind-gpu-job srun -t 5 -n 1 --gpus=1 --gpu-bind=closest sh -c "$SHOW"
a cpu-freq srun -t 5 -n 1 --cpu-freq=low-high:ondemand sh -c "$SHOW"
a cpu-freq-userspace srun -t 5 -n 1 --cpu-freq=userspace sh -c "$SHOW"
a overcommit srun -t 5 -n 1 --overcommit sh -c "$SHOW"
a plane srun -t 5 -n 2 --distribution=plane=2 sh -c "$SHOW"
a per-socket srun -t 5 -n 1 --ntasks-per-socket=1 sh -c "$SHOW"
a profile srun -t 5 -n 1 --profile=task sh -c "$SHOW"
