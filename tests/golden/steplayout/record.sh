#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 20 seconds. Records into cases/, as alice, the Layout sacct gives each step: the
# distribution srun settled for it (-m as typed, every * filled in; without -m block when a
# node has more than one task, else cyclic), named as scontrol names it (BCyclic,
# Block,Pack); the batch step's is Unknown. Steps of a batch script's srun lines and the
# step 0 of an srun that made its own job.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
a script sbatch -J dist -N 2 --ntasks-per-node=2 -t 5 -o /dev/null --wrap 'srun -m block:cyclic true; srun -m cyclic true; srun -m plane=2 true; srun -m "*:block" true; srun -N 2 -n 2 true; srun -m block,pack true; srun -n 3 -m cyclic:cyclic:fcyclic true; srun -n 1 true; srun -m arbitrary -w dgx1 -n 1 true'
SCRIPT=$(id)
sleep 3  # it runs: the sruns below start at once beside it
FROM=$(date +%H:%M:%S)
a two-tasks srun -J two -n 2 true
a one-task srun -J one -n 1 true
a plane srun -J plane -N 2 -n 2 -m plane=1 true
a per-node srun -J pernode -N 2 -n 2 true
a crowded srun -J crowded -N 2 -n 3 -m block:block true
sleep 5
a script-sacct sacct -j "$SCRIPT" -o JobID,JobName,NTasks,Layout,State
a srun-sacct sacct -u alice -S "$FROM" -o JobID,JobName%8,NNodes,NTasks,Layout%14
