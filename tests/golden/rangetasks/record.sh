#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about two minutes. Records into cases/ how sbatch counts tasks a node over a node range
# (-N 2-4 --ntasks-per-node=2): no task count sent, so the CPUs asked for are one task's
# when -c is at least the tasks (else all of them), and --gpus-per-task is refused for
# want of one, where srun and salloc count them; what NumTasks says once a job with tasks
# a node runs (those tasks on every node it got, even beside -n); and --spread-job (a
# node a task, on as many nodes as have room, unless its GPUs are a job's or a task's).
# Last, -B's tasks a node: -B sets sockets, cores and threads at once, a field it leaves
# out unsetting the option given before it; and those tasks on the nodes -w names.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
trap 'rm -f "$OUT"; scancel -u alice; scancel -u bob' EXIT
held range-c1 -N 2-4 --ntasks-per-node=2 -c 1
held range-c3 -N 2-4 --ntasks-per-node=2 -c 3
held range-c4 -N 2-4 --ntasks-per-node=2 -c 4
held range-c8-mem -N 2-4 --ntasks-per-node=2 -c 8 --mem-per-cpu=1G
held range3-c6 -N 2-4 --ntasks-per-node=3 -c 6
held range3-c4 -N 2-4 --ntasks-per-node=3 -c 4
held range-one-c3 -N 3-4 --ntasks-per-node=1 -c 3
held range-c4-overcommit -N 2-4 --ntasks-per-node=2 -c 4 -O
held range-c4-ntasks -N 2-4 -n 4 --ntasks-per-node=2 -c 4
held fixed-c4 -N 2 --ntasks-per-node=2 -c 4
# A range --gpus fixes (no more nodes than GPUs): still one task's CPUs.
held gpus-fix-range -N 2-3 --gpus=2
held gpus-fix-range-c3 -N 2-3 --gpus=2 -c 3
held gpus-fix-range-mincpus -N 2-3 --gpus=h100:2 --mincpus=16
held gpus-fix-range-tpn -N 2-3 --gpus=2 --ntasks-per-node=2
held gpus-fix-range-overcommit -N 2-3 --gpus=2 -O
held gpus-keep-range -N 2-3 --gpus=3
held gpt-range -N 2-4 --gpus-per-task=1
held gpt-range-tpn -N 2-4 --ntasks-per-node=2 --gpus-per-task=1
held gpt-range-ntasks -N 2-4 -n 4 --gpus-per-task=1
held gpt-range-gpus -N 2-4 --ntasks-per-node=2 --gpus-per-task=1 --gpus=4
held gpt-fixed-tpn -N 2 --ntasks-per-node=2 --gpus-per-task=1
held gpt-tpn --ntasks-per-node=2 --gpus-per-task=1
held gpt-fixed-range -N 2-2 --gpus-per-task=1
a srun-gpt-range srun -t 1 -N 2-4 --gpus-per-task=1 true
a srun-gpt-range-tpn srun -t 1 -N 2-4 --ntasks-per-node=2 --gpus-per-task=1 true
a salloc-gpt-range salloc -t 1 -N 2-4 --gpus-per-task=1 true
sleep 2
# Running: NumTasks counts the tasks a node on every node given.
try run-fixed-ntasks -N 2 -n 3 --ntasks-per-node=2
try run-range-ntasks -N 1-4 -n 6 --ntasks-per-node=2
try run-range-exclusive -N 1-4 --ntasks-per-node=2 --exclusive
try run-range-c4 -N 2-4 --ntasks-per-node=2 -c 4
try run-range-no-tasks -N 2-3 -c 4
a numtasks sbatch -t 5 -N 2 -n 3 --ntasks-per-node=2 --wrap='sleep 300'; J=$(id)
sleep 4
a numtasks-squeue squeue -j "$J" -O jobid:8,numtasks:8,numcpus:8,numnodes:8
a numtasks-cancel scancel "$J"
sleep 2
# --spread-job, on an idle cluster.
try spread-n2 --spread-job -n 2
try spread-n8-range --spread-job -n 8 -N 1-2
try spread-alone --spread-job
try spread-n6-c4 --spread-job -n 6 -c 4
try spread-gpus-per-task --spread-job -n 3 --gpus-per-task=1
try spread-tpn --spread-job -n 8 --ntasks-per-node=2
try spread-mem --spread-job -n 5 --mem=10G
try spread-gpus --spread-job -n 3 --gpus=3
try spread-gpus-per-node --spread-job -n 3 --gpus-per-node=1
try spread-fixed --spread-job -n 8 -N 3
try spread-tpn-more --spread-job -n 3 --ntasks-per-node=3
try spread-range --spread-job -N 2-4
try spread-range-c4 --spread-job -N 1-4 -c 4
try spread-range-tpn --spread-job -N 1-4 --ntasks-per-node=2
try spread-range-ntasks-tpn --spread-job -N 1-4 -n 2 --ntasks-per-node=2
try spread-range-ntasks --spread-job -N 1-3 -n 2
# ... and beside bob's whole-node job on dgx[1-2]: the two nodes left, or it waits.
b busy sbatch -t 10 --exclusive -N 2 --wrap='sleep 600'; B=$(id)
sleep 3
try spread-busy --spread-job -n 8
a spread-busy-range sbatch -t 5 --spread-job -n 8 -N 3-4 --wrap='sleep 300'; S=$(id)
sleep 4
a spread-busy-range-show scontrol show -d job "$S"
a spread-busy-range-cancel scancel "$S"
b busy-cancel scancel "$B"
held b-after-threads --threads-per-core=2 -B 2:4
held b-after-cores --cores-per-socket=2 -B 2
held b-star-after-cores --cores-per-socket=2 -B 2:*:1
held threads-after-b -B 2:4 --threads-per-core=1
held b-after-b -B 1:2:1 -B 2
held layout-named --sockets-per-node=1 --cores-per-socket=8 -w dgx2
held sockets-named --sockets-per-node=2 -w dgx2
held b-named -B 2:4 -w 'dgx[1-2]'
held cores-excluded --cores-per-socket=4 -x dgx1
held b-named-range -B 2:4 -w 'dgx[1-2]' -N 2-3
echo "recorded $n cases into $GOLDEN_DIR"
