#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about 30 s. Records into cases/, as alice, where a backfill cycle ends when
# its map's table of records is full: SchedulerParameters gets bf_node_space_size=5 (put
# back at the end). Behind a four-node job, five one-node jobs pinned to nodes are planned
# at its end: j1 and j2 on dgx1 one after the other (their two records alike are joined),
# j3 on dgx2 (its end needs a record again: five), j4 finds the table full and keeps its
# estimate without a reservation, and the cycle ends: j5 gets no estimate.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
CONF=/etc/slurm/slurm.conf
n=0
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice; sed -i "s/,bf_node_space_size=5//" $CONF; scontrol reconfigure' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\).*/\1/p' "$OUT"; }
sed -i 's/^\(SchedulerParameters=.*\)$/\1,bf_node_space_size=5/' $CONF
scontrol reconfigure
sleep 2
F='%.6i %.6j %.2t %.10r %.20S %.10Y'
c sbatch-big sbatch -o /dev/null -J big -N 4 --exclusive -t 60 --wrap 'sleep 6000'
c sbatch-j1 sbatch -o /dev/null -J j1 -w dgx1 --exclusive -t 10 --wrap 'sleep 600'
c sbatch-j2 sbatch -o /dev/null -J j2 -w dgx1 --exclusive -t 10 --wrap 'sleep 600'
c sbatch-j3 sbatch -o /dev/null -J j3 -w dgx2 --exclusive -t 10 --wrap 'sleep 600'
c sbatch-j4 sbatch -o /dev/null -J j4 -w dgx3 --exclusive -t 10 --wrap 'sleep 600'; j4=$(id)
c sbatch-j5 sbatch -o /dev/null -J j5 -w dgx4 --exclusive -t 10 --wrap 'sleep 600'; j5=$(id)
sleep 8
c squeue-plans squeue -u alice -o "$F"
c squeue-start squeue --start -u alice
c show-j4 scontrol show job "$j4"
c show-j5 scontrol show job "$j5"
c scancel-all scancel -u alice
