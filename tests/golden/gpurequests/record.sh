#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about a minute. Records into cases/ how sbatch refuses GPU options that name a type in
# some and leave it out in others: for the naming, before their counts are weighed
# against each other (a typed and an untyped request are never compared), and after -c
# beside --cpus-per-gpu; alike options still have their counts compared, and a
# --gpus-per-task without a task count finds no --gpus named otherwise. Then the GPUs
# --ntasks-per-gpu makes without a GPU option: --mem-per-gpu is for them, the tasks they
# come to are the job's (NumTasks), and a node range takes as few nodes as hold them.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
trap 'rm -f "$OUT"; scancel -u alice' EXIT
held node-untyped-job-typed --gpus-per-node=3 --gpus=h100:2
held node-typed-job-untyped --gpus-per-node=h100:3 --gpus=2
held both-typed --gpus-per-node=h100:3 --gpus=h100:2
held both-untyped --gpus-per-node=3 --gpus=2
held gres-typed-job-untyped --gres=gpu:h100:3 --gpus=2
held gres-untyped-job-typed --gres=gpu:3 --gpus=h100:2
held socket-typed --sockets-per-node=2 --gpus-per-socket=h100:2 --gpus-per-node=3
held socket-untyped --sockets-per-node=2 --gpus-per-socket=2 --gpus-per-node=h100:3
held cpus-mixed -c 2 --cpus-per-gpu=2 --gpus-per-node=h100:3 --gpus=2
held cpus-alike -c 2 --cpus-per-gpu=2 --gpus-per-node=3 --gpus=2
held nodes-mixed -N 3 --gpus-per-node=2 --gpus=h100:4
held nodes-alike -N 3 --gpus-per-node=2 --gpus=4
held multiple-mixed -N 1 --gpus-per-node=2 --gpus=h100:3
held tasks-mixed -n 3 --ntasks-per-gpu=2 --gpus=h100:4 --gpus-per-node=2
held consistent-mixed --gpus-per-node=3 --gpus=h100:6
held task-typed -n 2 --gpus-per-task=h100:1 --gpus-per-node=2
held gres-both --gres=gpu:1,gpu:h100:2
# --gpus-per-task needs a task count or a --gpus named alike: one named otherwise is
# another request (refused for want of a count, before the naming).
held task-untyped-job-typed --gpus-per-task=2 --gpus=h100:2
held task-typed-job-untyped --gpus-per-task=h100:2 --gpus=2
held task-job-typed --gpus-per-task=h100:1 --gpus=h100:2
held task-job-tasks-mixed -n 2 --gpus-per-task=1 --gpus=h100:2
held tasks-mem-fixed --ntasks-per-gpu=2 -N 1 --mem-per-gpu=10G
held tasks-mem-fewer -n 1 --ntasks-per-gpu=2 --mem-per-gpu=10G
held tasks-mem-not-multiple -n 3 --ntasks-per-gpu=2 --mem-per-gpu=10G
held tasks-mem-no-count --ntasks-per-gpu=2 --mem-per-gpu=10G
held tasks-fewer -n 1 --ntasks-per-gpu=2
try run-tasks-fixed --ntasks-per-gpu=2 -N 1
try run-tasks-range -n 8 --ntasks-per-gpu=2 -N 1-2
try run-tasks-mem --ntasks-per-gpu=2 -N 1 --mem-per-gpu=10G
echo "recorded $n cases into $GOLDEN_DIR"
