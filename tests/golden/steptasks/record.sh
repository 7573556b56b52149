#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 20 seconds. Records into cases/, as alice, how srun settles --ntasks-per-node against
# the tasks and nodes of a step in a job of two nodes of four tasks: tasks per node that do
# not divide the tasks over the nodes are dropped, with a warning when there are more tasks
# than that (-n 9 at 3 a node on 2 nodes), silently otherwise (-n 2 at 3 a node); -n 5 at 2
# a node is kept (5 / 2 nodes is 2). sacct shows the steps' nodes and tasks. An srun
# attaching from outside gives its tasks its own SLURM_NTASKS_PER_NODE when kept, none
# when dropped, never the job's. In a job of two nodes of four GPUs: a step may not ask
# more GPUs a node than the job has there, nor fewer GPUs than its nodes; --mem-per-gpu
# gives a step that many times its GPUs on each node. Which nodes a step runs on: a node
# range takes as many as the tasks allow, -w's nodes alone unless -N asks for more. In a
# batch script, srun refuses --ntasks-per-gpu beside the job's --ntasks-per-node or
# --gpus-per-task (their variables): the script's `|| exit N` ends it.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
a job sbatch -J steptasks -N 2 --ntasks-per-node=4 -c 2 -t 5 --wrap='sleep 300'
J=$(id)
sleep 4  # it runs
st() { local nm=$1; shift; a "$nm" srun --jobid="$J" "$@" true; sleep 1; }
st more-tasks -N 2 -n 9 --ntasks-per-node=3
st not-dividing -N 2 -n 5 --ntasks-per-node=2
st one-node -N 1 -n 4 --ntasks-per-node=2
st fewer-tasks -N 2 -n 2 --ntasks-per-node=3
st fewer-a-node -N 2 -n 7 --ntasks-per-node=4
st dividing -N 2 -n 6 --ntasks-per-node=3
a env-kept srun --jobid="$J" -N 1 -n 1 --ntasks-per-node=1 printenv SLURM_NTASKS_PER_NODE
sleep 1
a env-dropped srun --jobid="$J" -N 1 -n 2 --ntasks-per-node=1 printenv SLURM_NTASKS_PER_NODE
sleep 1
a env-none srun --jobid="$J" -N 1 -n 1 printenv SLURM_NTASKS_PER_NODE
sleep 1
for o in "-N 1-2 -n 2" "-N 1-2" "-N 1-2 -n 5" "-w dgx2 -n 6" "-w dgx2 -N 2 -n 2"; do
    # shellcheck disable=SC2016,SC2086  # the task expands it; $o is words
    a "nodes${o//[ =]/}" srun --jobid="$J" $o bash -c \
        '[ "$SLURM_PROCID" != 0 ] || echo "$SLURM_STEP_NODELIST $SLURM_STEP_TASKS_PER_NODE"'
    sleep 1
done
a sacct sacct -j "$J" -o JobID,NNodes,NTasks,NodeList,State
a gpu-job sbatch -J stepgres -N 2 --ntasks-per-node=4 -c 2 --gpus-per-node=4 --mem=32G -t 5 --wrap='sleep 300'
G=$(id)
sleep 4  # it runs
a more-gpus-a-node srun --jobid="$G" --gpus-per-node=5 true
a fewer-gpus-than-nodes srun --jobid="$G" -n 3 --gpus=1 true
a gpus-on-one-node srun --jobid="$G" -N 1 -n 3 --gpus=1 true
sleep 1
a mem-per-gpu-one srun --jobid="$G" -n 1 --mem-per-gpu=2G true
sleep 1
a mem-per-gpu-two srun --jobid="$G" -N 2 -n 2 --mem-per-gpu=2G true
sleep 1
a gpu-sacct sacct -j "$G" -o JobID,NNodes,NTasks,AllocTRES%40,State
a pergpu-per-node sbatch -J pgnode -N 1 --ntasks-per-node=4 --gpus-per-node=2 -t 5 -o /dev/null --wrap='srun --ntasks-per-gpu=1 true || exit 7'
P1=$(id)
a pergpu-per-task sbatch -J pgtask -n 2 --gpus-per-task=1 -t 5 -o /dev/null --wrap='srun -n 2 --ntasks-per-gpu=1 true || exit 8'
P2=$(id)
a pergpu-alone sbatch -J pgalone -N 1 --gpus-per-node=2 -t 5 -o /dev/null --wrap='srun -n 2 --ntasks-per-gpu=1 true || exit 9'
P3=$(id)
sleep 6
a pergpu-sacct sacct -j "$P1,$P2,$P3" -o JobID,JobName,State,ExitCode
