#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about 30 s. Records into cases/, as alice, backfill's plans behind two array
# tasks that end at once on dgx3 and dgx4: the array's own record, which runs its last
# task on dgx4, comes after the task split off before it in slurmctld's job list, and so
# among running jobs ending at once; a job planned on dgx1, dgx2 and dgx4 starts when the
# task on dgx4 ends, not after the two-node job on dgx1 and dgx2 as well. A throttled
# array behind them (%1) shows its fourth task's plan: its tasks two by two on dgx3 and
# dgx4 from their end.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
F='%.10i %.3j %.2t %.20S %.10Y %.10r'
a sbatch-a sbatch -o /dev/null -J A -N 2 --gpus-per-node=8 -t 30 --wrap 'sleep 600'
sleep 3  # it runs (slurmsim's pass comes two seconds after the submission)
a sbatch-p sbatch -o /dev/null -J P -N 1 --gpus-per-node=8 -t 5 --array=1-4 --wrap 'sleep 15'
sleep 1
a sbatch-t sbatch -o /dev/null -J T -N 1 --gpus-per-node=8 -t 5 --array=1-4%1 --wrap 'sleep 15'
sleep 6  # P's first two tasks run; backfill plans the rest
a squeue-first squeue -u alice -o "$F"
sleep 16  # P's last two tasks run, ending at once
a squeue-second squeue -u alice -o "$F"
