#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; under a minute. Records into cases/ how many whole nodes an --exclusive job
# takes when its tasks need more CPUs (or GPUs) than one node has: enough to hold them
# (-n 192 on two 112-CPU nodes, 224 CPUs), refused when no count of nodes can, and one
# under -O (its tasks need no CPU each). Asked with --test-only, then run.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
a tasks sbatch --test-only -n192 --exclusive --wrap=true
a tasks-113 sbatch --test-only -n113 --exclusive --wrap=true
a tasks-2 sbatch --test-only -n2 --exclusive --wrap=true
a tasks-500 sbatch --test-only -n500 --exclusive --wrap=true
a cpus-per-task sbatch --test-only -n3 -c 100 --exclusive --wrap=true
a one-node sbatch --test-only -N1 -n192 --exclusive --wrap=true
a overcommit sbatch --test-only -n192 --exclusive -O --wrap=true
a gpus-per-task sbatch --test-only -n9 --gpus-per-task=1 --exclusive --wrap=true
a srun srun --test-only -n192 --exclusive true
a submit sbatch -J ex1 -n192 --exclusive -t 5 -o /dev/null --wrap='sleep 60'; j=$(id)
sleep 4
a running squeue -h -j "$j" -O NumNodes:6,NumCPUs:6,NumTasks:6,NodeList:12,tres-alloc:60
a cancel scancel "$j"
