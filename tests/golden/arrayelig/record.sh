#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about 60 s. Records into cases/, as alice, when an array's pending record is
# eligible: from the first pass that looks at it, as any job, unless that pass finds it at
# its task throttle (%N): EligibleTime=Unknown then, sprio leaves it out, and its
# accounting record, written anew when a task splits off, shows Eligible Unknown for good;
# once a task's end brings it under the throttle, the next pass makes it eligible again.
# A task keeps its array's eligible time; so does the last task, the array's own record.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
F=JobID:8,Name:3,StateCompact:3,Reason:18,EligibleTime,AccrueTime
P='%.7i %.9r %.8u'
start=$(date +%Y-%m-%dT%H:%M:%S)  # sacct's window: this suite's jobs alone
a sbatch-a sbatch -o /dev/null -J A -N 2 --gpus-per-node=8 -t 30 --wrap 'sleep 600'
sleep 3  # it runs (slurmsim's pass comes two seconds after the submission)
a sbatch-p sbatch -o /dev/null -J P -N 1 --gpus-per-node=8 -t 5 --array=1-3 --wrap 'sleep 15'; p=$(id)
a sbatch-t sbatch -o /dev/null -J T -N 1 --gpus-per-node=8 -t 5 --array=1-3%1 --wrap 'sleep 15'; t=$(id)
a sbatch-u sbatch -o /dev/null -J U -N 1 --gpus-per-node=1 -t 5 --array=1-4%2 --wrap 'sleep 600'; u=$(id)
sleep 4
a squeue-first squeue -u alice -O "$F"
a sprio-first sprio -u alice -o "$P"
a sacct-first sacct -X -j "$p,$t,$u" -o JobID,JobName,State,Eligible
sleep 15  # P's first two tasks end: its last starts, and T's first (T at its throttle)
a squeue-second squeue -u alice -O "$F"
a sprio-second sprio -u alice -o "$P"
sleep 16  # T's first task ends: its second starts; U's first two start (U at its throttle)
a squeue-third squeue -u alice -O "$F"
a sprio-third sprio -u alice -o "$P"
sleep 20  # the array's records in the accounting store have caught up
a sacct-last sacct -X -j "$p,$t,$u" -o JobID,JobName,State,Eligible
a sacct-window sacct -X -S "$start" -o JobID,JobName,State,Eligible
