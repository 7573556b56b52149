#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about three minutes. Records into cases/ where a --gpus total (no per-node count) runs
# on a busy cluster, where no even split of it fits: cons_tres gathers the nodes with the
# most GPUs free first (the first of equals in slurm.conf order) until they hold the total,
# and lays the GPUs out on them in slurm.conf order (scontrol show -d job). Jobs pinned
# with -w hold so many GPUs of each node first.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT

hold -G 6 6 6 4                      # free: 2 2 2 4
try ten -G 10
try four-on-dgx4 -G 4
release
hold -G 6 6 6 6                      # free: 2 2 2 2
try four -G 4
try five -G 5
try eight -G 8
try three-on-two -G 3 -N 2
try six-on-at-most-two -G 6 -N 1-2
try typed-five -G h100:5
try five-cpus-per-gpu -G 5 --cpus-per-gpu=4
try five-mem-per-gpu -G 5 --mem-per-gpu=20G
try four-tasks -G 4 -n 4
release
hold -G 6 0 0 0                      # free: 2 8 8 8
try ten-beside -G 10
release
hold -G 6 6 0 0                      # free: 2 2 8 8
try four-on-one -G 4
try ten-on-two -G 10
release
hold -G 7 5 5 7                      # free: 1 3 3 1
try six-middle -G 6
try four-tasks-middle -G 4 -n 4
release
hold -G 5 7 7 5                      # free: 3 1 1 3
try six-ends -G 6
try seven-ends -G 7
release
hold -G 4 0 4 0                      # free: 4 8 4 8
try twelve -G 12
try eight-whole -G 8
try twenty -G 20
release
hold -G 6 6 5 8                      # free: 2 2 3 0; a required node is one of them
try required-most -G 5 -w dgx3
try required-fewer -G 5 -w dgx2
release
hold -G 7 5 5 7                      # free: 1 3 3 1; GPUs that follow the tasks
try eight-per-task -n 8 --gpus-per-task=1
try four-per-task -n 4 --gpus-per-task=1
try three-per-task -n 3 --gpus-per-task=1
try two-by-two -n 2 --gpus-per-task=2
try four-per-task-on-two -N 2 -n 4 --gpus-per-task=1
release
# Backfill starts such a job in a hole when it ends before the job held up by the hole
# would start, and leaves one that would delay it waiting.
hold -G 6 6 6 4                      # free: 2 2 2 4, for ten minutes
a big sbatch -J big -t 30 -N 4 --gpus-per-node=8 --wrap='sleep 300'
a short sbatch -J short -t 5 -G 10 --wrap='sleep 300'
SHORT=$(id)
a long sbatch -J long -t 60 -G 10 --wrap='sleep 300'
LONG=$(id)
sleep 8
a backfill-queue squeue -S i -o '%.4i %.6j %.2t %.6D %N %r'
a backfill-short-show scontrol show -d job "$SHORT"
a backfill-long-show scontrol show -d job "$LONG"
release
# The steps of a job whose GPUs fell unevenly (8 and 2): srun's --gpus total, or the
# SLURM_GPUS a batch script's srun inherits, falls on those nodes as the job's did.
a steps sbatch -J steps -G 10 -t 5 --wrap='srun hostname; srun -G 10 -n 4 true; srun -G 9 -n 2 true; srun -G 4 -n 2 true'
STEPS=$(id)
sleep 8
a steps-sacct sacct -j "$STEPS" -o JobID,JobName,State,NNodes,NTasks,AllocTRES%50,NodeList,ExitCode
