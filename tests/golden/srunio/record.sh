#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about half a minute. Records into cases/ srun's I/O options on the job srun makes for
# itself (not a step inside a job): --label before each line (as wide as the highest
# rank), --output and --error (here /dev/null, and a file per task with %t), --input.
# The commands print what their rank says, staggered so that their lines come in order.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
STAGGER='sleep $SLURM_PROCID; echo rank $SLURM_PROCID on node $SLURM_NODEID'
a label srun -l -t 5 -N 2 sh -c "$STAGGER"
a label-long srun --label -t 5 -n 2 sh -c "$STAGGER"
a label-wide srun -l -t 5 -n 11 sh -c 'if [ $SLURM_PROCID = 3 ] || [ $SLURM_PROCID = 10 ]; then sleep $SLURM_PROCID; echo rank $SLURM_PROCID; fi'
a output-null srun -t 5 -n 2 -o /dev/null sh -c 'echo out; echo err >&2'
a error-null srun -t 5 -n 2 -e /dev/null sh -c "$STAGGER; echo err >&2"
a label-error srun -l -t 5 -n 2 sh -c 'sleep $SLURM_PROCID; echo oops $SLURM_PROCID >&2'
a input-none srun -t 5 -i none sh -c 'cat; echo read'
a per-task-output srun -t 5 -n 2 -o srunio-%t.out sh -c "$STAGGER"
