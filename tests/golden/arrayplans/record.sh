#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about 60 s. Records into cases/, as alice, what backfill plans behind a
# running job: a one-node job behind a four-node reservation is planned when that
# reservation ends (slurmctld tries again at the end of the map's record, wherever it
# ends); a pending array gets one plan per task, each reserving its node, and shows the
# last (four tasks: the fourth's start); at most bf_max_job_array_resv (20) tasks are
# planned (25 tasks: the twentieth's start); a job the cycle starts (big) runs on, until
# its limit, in the plans made after it. Each scenario is cancelled before the next.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\).*/\1/p' "$OUT"; }
F='%.6i %.6j %.2t %.10r %.20S %.10Y'
# A one-node job behind a four-node reservation.
c sbatch-big sbatch -o /dev/null -J big -N 4 --exclusive -t 60 --wrap 'sleep 6000'
c sbatch-all sbatch -o /dev/null -J all -N 4 --exclusive -t 60 --wrap 'sleep 600'
c sbatch-one sbatch -o /dev/null -J one -N 1 -t 60 --wrap 'sleep 600'; one=$(id)
sleep 8
c squeue-behind squeue -u alice -o "$F"
c show-one scontrol show job "$one"
c scancel-behind scancel -u alice; sleep 3
# Four array tasks behind a running job and two other plans.
c sbatch-big2 sbatch -o /dev/null -J big -N 4 --gpus-per-node=8 -t 60 --wrap 'sleep 600'
c sbatch-mid sbatch -o /dev/null -J mid -N 2 --gpus-per-node=8 -t 30 --wrap 'sleep 600'
c sbatch-few sbatch -o /dev/null -J few -n 2 -c 4 --mem=8G -G 1 -t 10 --wrap 'sleep 600'
c sbatch-arr sbatch -o /dev/null -J arr --array=0-3 -G 1 -t 10 --wrap 'sleep 600'; arr=$(id)
sleep 8
c squeue-array squeue -u alice -o "$F"
c squeue-start squeue --start -u alice
c show-arr scontrol show job "$arr"
c scancel-array scancel -u alice; sleep 3
# Twenty-five tasks: twenty are planned.
c sbatch-big3 sbatch -o /dev/null -J big -N 4 --gpus-per-node=8 -t 60 --wrap 'sleep 600'
c sbatch-arr25 sbatch -o /dev/null -J arr25 --array=0-24 -G 1 -t 10 --wrap 'sleep 600'
sleep 8
c squeue-array25 squeue -u alice -o "$F"
