#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about three minutes. Records into cases/ where a total of CPU tasks runs on a busy
# cluster (scontrol show -d job): cons_tres takes runs of consecutive nodes with CPUs
# free and, in the run it picks, its nodes in slurm.conf order (passing one that would
# leave more than the nodes still allowed could hold), or the one node that holds all
# that is left. Jobs pinned with -w hold so many CPUs of each node first; every job asks
# 1G a CPU, so that the CPUs, not the memory, run out.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
TRY=(--mem-per-cpu=1G)

hold -n 100 60 60 100                # free: 12 52 52 12
try one-ten-and-ten -n 110
try sixty -n 60
try forty-cpus-one-node -n 20 -c 2
try two-of-a-hundred -N 2 -n 100
try a-hundred -n 100
try up-to-three -N 2-3 -n 100
try thirty -n 30
try two-of-thirty -N 2 -n 30
try pairs -n 50 -c 2
release
hold -n 100 112 60 60                # free: 12 0 52 52
try sixty-runs -n 60
try ten-runs -n 10
try sixty-four -n 64
release
# Backfill starts such a job in a hole when it ends before the job held up by the hole
# would start, and leaves one that would delay it waiting.
hold -n 100 60 60 100                # free: 12 52 52 12, for ten minutes
a whole sbatch -J whole -t 30 -N 4 --exclusive --wrap='sleep 300'
a short sbatch -J short -t 5 --mem-per-cpu=1G -n 110 --wrap='sleep 300'
SHORT=$(id)
a long sbatch -J long -t 60 --mem-per-cpu=1G -n 110 --wrap='sleep 300'
LONG=$(id)
sleep 8
a backfill-queue squeue -S i -o '%.4i %.6j %.2t %.6D %N %r'
a backfill-short-show scontrol show -d job "$SHORT"
a backfill-long-show scontrol show -d job "$LONG"
release
