#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ how slurmctld writes a pending array's task ids:
# ranges, lists, and when a stride (0-12:2) rather than a list (0,2,4,6,8,10). Each array
# is submitted held by alice, shown by squeue (%i and %K) and scontrol, and cancelled;
# a long one's JOBID is cut to 31 characters; some are looked up in sacct before and after
# they are cancelled.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
trap 'rm -f "$OUT"; scancel -u alice' EXIT
IDS=()
for spec in 0-10:2 0-12:2 0-10:2%2 1-11:2 100-110:2 100-112:2 0-8:2 0-12:3 0-15:3 \
    1-16:3 0-16:4 1-21:4 0-40:10 0-50:10 0-100:10 100-140:10 0-10:2,12 1-6:1,8-18:2 \
    0-1,10-20:2 1-3,10-40:5 0-30:3,31 5-5:2 0-3:1; do
    a "sbatch-$spec" sbatch -H --array="$spec" --wrap=true; j=$(id); IDS+=("$j")
    a "squeue-$spec" squeue -j "$j" -h -o '%i|%K'
done
a long sbatch -H --array=0-30:3,31,40-60:4,100,200,300 --wrap=true; L=$(id)
a long-squeue squeue -j "$L" -o '%i|%K|%F'
a long-squeue-O squeue -j "$L" -O jobid:60,arrayjobid:10,arraytaskid:70,jobarrayid:60
a long-squeue-default squeue -j "$L"
a long-show scontrol show job "$L"
a "show-0-10:2" scontrol show job "${IDS[0]}"
a "show-0-12:2" scontrol show job "${IDS[1]}"
sleep 30  # slurmdbd has their tasks (an array cancelled within seconds shows its bare id)
a sacct-pending sacct -X -j "${IDS[0]},${IDS[1]},${IDS[2]},${IDS[9]},$L" -o JobID%70,State
a cancel scancel -u alice
sleep 2
a sacct sacct -X -j "${IDS[0]},${IDS[1]},${IDS[2]},${IDS[9]},$L" -o JobID%70,State
echo "recorded $n cases into $GOLDEN_DIR"
