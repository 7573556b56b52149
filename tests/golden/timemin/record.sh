#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about 40 s. Records into cases/, as alice, the limit a job with --time-min
# runs with: backfill plans it for its --time-min and starts it with that limit, though
# more would fit before the reservation in its way (C: 2:00 of 10:00, D: 1:00, with a
# four-node job reserved 4 minutes off); one whose --time-min does not fit before that
# reservation waits (E); the main scheduler starts such a job with its full limit (M).
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
F='%.4i %.2j %.2t %.10l %.10r %.20S'
a sbatch-a sbatch -o /dev/null -J A -N 3 --gpus-per-node=8 -t 4 --wrap 'sleep 600'; first=$(id)
sleep 4
a sbatch-b sbatch -o /dev/null -J B -N 4 --gpus-per-node=8 -t 5 --wrap 'sleep 600'
a sbatch-c sbatch -o /dev/null -J C -N 1 --gpus-per-node=1 -t 10 --time-min=2 --wrap 'sleep 600'
a sbatch-d sbatch -o /dev/null -J D -N 1 --gpus-per-node=1 -t 10 --time-min=1 --wrap 'sleep 600'
a sbatch-e sbatch -o /dev/null -J E -N 1 --gpus-per-node=1 -t 10 --time-min=7 --wrap 'sleep 600'; last=$(id)
sleep 10
a squeue squeue -u alice -o "$F"
a sacct sacct -X -j "$(seq -s, "$first" "$last")" -o JobID,JobName,Timelimit,TimelimitRaw,State
a scancel scancel -u alice; sleep 3
# Started by the main scheduler: its full limit. Submitted a second past slurmsim's
# five-second backfill grid, so that its main pass, two seconds on, comes first there too;
# the oracle's backfill runs on a phase of its own and now and then starts it first (then
# with 2:00): record again.
until [ $(( $(date +%s) % 5 )) = 1 ]; do sleep 0.2; done
a sbatch-main sbatch -o /dev/null -J M -t 10 --time-min=2 --wrap 'sleep 600'
sleep 4
a squeue-main squeue -u alice -o "$F"
