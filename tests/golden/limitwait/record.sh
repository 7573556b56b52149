#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about two minutes. Records into cases/ the reason of a job that a limit
# holds while a larger job above it waits on Resources: the limit's, pass after pass (not
# Priority), until the limit is lifted; then Priority, behind the larger job.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice; scancel -u bob; sacctmgr -i modify user alice set MaxJobs=-1 >/dev/null' EXIT
F='%.5i %.8u %.4t %.20r'
r limit sacctmgr -i modify user alice set MaxJobs=1
a first sbatch -o /dev/null -t 10 -G 1 --wrap='sleep 600'
sleep 3
b large sbatch -o /dev/null -t 10 -N 4 -G 32 --wrap='sleep 600'
sleep 3
a second sbatch -o /dev/null -t 10 -G 1 --wrap='sleep 600'
sleep 4
a squeue-first squeue -o "$F"
sleep 65  # main and backfill passes meet the second job behind the larger one
a squeue-later squeue -o "$F"
r lift sacctmgr -i modify user alice set MaxJobs=-1
sleep 65
a squeue-lifted squeue -o "$F"
