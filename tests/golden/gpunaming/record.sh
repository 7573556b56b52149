#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ how sbatch refuses GPU options that name a type in
# some and leave it out in others: for the naming, before their counts are weighed
# against each other (a typed and an untyped request are never compared), and after -c
# beside --cpus-per-gpu; alike options still have their counts compared.
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
echo "recorded $n cases into $GOLDEN_DIR"
