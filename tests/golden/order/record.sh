#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 30 s. Records into cases/ the order squeue lists jobs in when they tie on its sort
# keys: those with a start time (running, or pending with an estimate) newest start first,
# those with none (held, waiting on a dependency) last one first. As alice; cancelled after.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null; }
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }
SQ='%i %j %t %r %S'

# Held jobs, never given a start time, in one partition and then in two.
for j in 1 2 3; do cu "held-$j" alice sbatch -H -J "held$j" -t 5 --wrap=true >/dev/null; done
cu held-debug alice sbatch -H -J heldd -p debug -t 5 --wrap=true >/dev/null
c squeue-held squeue -o "$SQ"
c squeue-held-r squeue -r -o "$SQ"
cu held-array alice sbatch -H -J harr -a 1-3 -t 5 --wrap=true >/dev/null
c squeue-held-array squeue -o "$SQ"
c squeue-held-array-r squeue -r -o "$SQ"
cu cancel-held alice scancel -u alice >/dev/null
sleep 2

# An array whose task left its pending record (scontrol update of one task), with a job
# submitted between: the task keeps the record's place, the pending record goes last.
cu split-array alice sbatch -H -J sarr -a 1-3 -t 5 --wrap=true >"$OUT"
arr=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
cu split-between alice sbatch -H -J between -t 5 --wrap=true >/dev/null
cu split-update alice scontrol update "JobId=${arr}_1" TimeLimit=4 >/dev/null
c squeue-split squeue -o "$SQ"
c squeue-split-r squeue -r -o "$SQ %l"
cu split-update-again alice scontrol update "JobId=${arr}_3" TimeLimit=3 >/dev/null
c squeue-split-again squeue -r -o "$SQ %l"
cu cancel-split alice scancel -u alice >/dev/null
sleep 2

# A job that takes every GPU, jobs waiting on it, jobs held: after a pass and a backfill
# cycle the waiting ones have estimates, the dependent and held ones none.
cu big alice sbatch -J big -N 4 -G 32 -t 30 --wrap='sleep 120' >"$OUT"
big=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
for j in 1 2; do cu "dep-$j" alice sbatch -J "dep$j" --dependency="afterok:$big" -t 5 --wrap=true >/dev/null; done
for j in 1 2 3; do cu "wait-$j" alice sbatch -J "wait$j" -G 1 -t 5 --wrap=true >/dev/null; done
for j in 1 2; do cu "held2-$j" alice sbatch -H -J "held$j" -t 5 --wrap=true >/dev/null; done
sleep 8
c squeue-mixed squeue -o "$SQ"
c squeue-mixed-S-i squeue -S i -o "$SQ"
c squeue-mixed-S-S squeue -S S -o "$SQ"
c squeue-mixed-t-pd squeue -t pd -o "$SQ"
c squeue-mixed-start squeue --start
cu cancel-all alice scancel -u alice >/dev/null
