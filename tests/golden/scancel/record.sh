#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about 30 s. Records into cases/, as alice, what scancel does when it reads
# the jobs itself (a filter, a signal, -b): filters narrow the jobs named, an ended job is
# one it does not find, -v lists the filters no job passed, and an array's pending tasks
# are cancelled as one record, even when a filter picked one task of them.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\).*/\1/p' "$OUT"; }
c sbatch-keep sbatch -J keep -t 10 -o /dev/null --wrap='sleep 300'; keep=$(id)
c sbatch-gone sbatch -J gone -t 10 -o /dev/null --wrap='sleep 300'; gone=$(id)
sleep 3
c scancel-gone scancel "$gone"
sleep 2
# A filter the named job does not pass: nothing is cancelled.
c name-other scancel -n other "$keep"
c name-other-v scancel -v -n other "$keep"
c partition-other-v scancel -v -p debug "$keep"
c state-signal scancel -t running -s USR1 "$keep"
# An ended job, once scancel reads the jobs, is one it does not find.
c signal-ended scancel -s TERM "$gone"
c signal-ended-v scancel -v -s TERM "$gone"
c plain-ended-v scancel -v "$gone"
c state-ended scancel -t pending "$gone"
c name-ended-v scancel -v -n gone "$gone"
c batch-ended scancel -b "$gone"
# Filters alone that no job passes, listed in scancel's order.
c filter-none-v scancel -v -n nosuch
c filters-none-v scancel -v -u alice -n nosuch
c filters-all-v scancel -v -t pending -p gpu -q normal -A research -w dgx1 --me
c squeue-keep squeue -h -j "$keep" -o '%i %T'
# A filter that picks one pending task of an array takes every pending task with it.
c sbatch-array sbatch --array=0-5%2 -J arr -t 10 -o /dev/null --wrap='sleep 300'; arr=$(id)
sleep 4
c state-task-v scancel -v -t pending "${arr}_3"
sleep 1
c squeue-array squeue -j "$arr" -t all -o '%i %K %T'
c show-task scontrol show job "${arr}_5"
# The last pending tasks cancelled by name: the record names no task any more.
c sbatch-array2 sbatch --array=0-5%2 -J arr2 -t 10 -o /dev/null --wrap='sleep 300'; arr2=$(id)
sleep 4
c cancel-pending scancel "${arr2}_[2-5]"
sleep 1
c squeue-array2 squeue -j "$arr2" -t all -o '%i %K %T'
# -i asks before each cancel: n keeps the job, anything but y or n asks again (the
# answers are in stdin/).
ci() { local nm=$1 in=$2; shift 2; n=$((n+1)); timeout 20 $C -u alice -i "$in" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
c sbatch-ask sbatch -H -J ask -t 10 -o /dev/null --wrap=true; ask=$(id)
ci ask-no "$HERE/stdin/no" scancel -i "$ask"
ci ask-again "$HERE/stdin/again" scancel -i "$ask"
c squeue-ask squeue -h -t all -j "$ask" -o '%i %T'
c scancel-all scancel -u alice
sleep 2
