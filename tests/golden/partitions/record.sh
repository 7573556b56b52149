#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh) whose associations have no
# usage yet (fair share 1 for all: a new oracle, or `sacctmgr modify ... set RawUsage=0` at
# least one PriorityCalcPeriod before), holding the oracle lock; about 40 s. Records into
# cases/ jobs that list two partitions (`-p gpu,debug`): where they run on an idle cluster,
# the time limit they take without --time, and, waiting behind a job on every GPU, the lines
# squeue -P and sprio give them and the priority they show. As alice and bob; cancelled after.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u "$u" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
SQ='%i %P %l %Q %t'

# A first command, so that the submissions come a second after the replay's cluster is made.
cu squeue-empty alice squeue
sleep 1

# On an idle cluster: the job runs in the partition ranked first (debug's PriorityJobFactor
# is 2, gpu's 1) unless it is over that partition's limits (debug's MaxTime is 2 hours);
# without --time it takes the DefaultTime of the partition it listed first.
cu short alice sbatch -J short -p gpu,debug -t 10 --wrap='sleep 300'; short=$(id)
cu default-gpu-first alice sbatch -J dflt1 -p gpu,debug --wrap='sleep 300'; d1=$(id)
cu default-debug-first alice sbatch -J dflt2 -p debug,gpu --wrap='sleep 300'; d2=$(id)
cu long alice sbatch -J long -p gpu,debug -t 3:00:00 --wrap='sleep 300'; long=$(id)
sleep 4
cu squeue-idle alice squeue -o "$SQ"
cu show-short alice scontrol show job "$short"
cu show-default-gpu-first alice scontrol show job "$d1"
cu show-default-debug-first alice scontrol show job "$d2"
cu show-long alice scontrol show job "$long"
cu cancel-idle alice scancel -u alice
sleep 3

# Every GPU taken: jobs in two partitions wait, with a queue record in each.
cu whole alice sbatch -J whole -p gpu -N 4 -t 20 --gres=gpu:8 --wrap='sleep 600'
sleep 3
cu wait-gpu-first alice sbatch -J wait1 -p gpu,debug -t 10 --gres=gpu:1 --wrap='sleep 300'; w1=$(id)
cu wait-debug-first alice sbatch -J wait2 -p debug,gpu -t 10 --gres=gpu:1 --wrap='sleep 300'; w2=$(id)
cu wait-bob bob sbatch -J wait3 -p gpu,debug -t 10 --gres=gpu:2 --wrap='sleep 300'; w3=$(id)
cu wait-held alice sbatch -H -J held -p debug,gpu -t 10 --wrap='sleep 300'
sleep 7
cu squeue-waiting alice squeue -o "$SQ"
cu squeue-P alice squeue -P -o "$SQ"
cu squeue-P-default alice squeue -P
cu squeue-P-p-gpu alice squeue -P -p gpu -o "$SQ"
cu squeue-P-p-debug alice squeue -P -p debug -o "$SQ %p"
cu squeue-P-sort-i alice squeue -P -S i -o "$SQ"
cu squeue-P-pending alice squeue -P -t PD -h -o '%i|%P|%Q'
cu sprio alice sprio
cu sprio-l alice sprio -l
cu sprio-j alice sprio -j "$w2"
cu sprio-p-debug alice sprio -p debug
cu show-wait-gpu-first alice scontrol show job "$w1"
cu show-wait-debug-first alice scontrol show job "$w2"
cu show-wait-bob alice scontrol show job "$w3"
cu cancel-bob bob scancel -u bob
cu cancel-all alice scancel -u alice
