#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about 20 s. Records into cases/, as alice, the reasons the main scheduler
# gives behind a job pinned to a busy node: slurmctld takes that node out of the ones it
# counts as available for the rest of the pass, so a job pinned to it too shows
# ReqNodeNotAvail (UnavailableNodes:dgx1), and a four-node job that cannot do without it
# shows "Nodes required for job are DOWN, DRAINED or reserved ...", and blocks the
# partition: the jobs after it wait on Priority. The others are niced below the first.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'scancel -u alice' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
F='%.6i %.6j %.2t %.10r %.20S %.10Y %R'
c sbatch-big sbatch -o /dev/null -J big -N 4 --exclusive -t 60 --wrap 'sleep 6000'
c sbatch-p1 sbatch -o /dev/null -J p1 -w dgx1 --exclusive -t 10 --wrap 'sleep 600'
c sbatch-q1 sbatch -o /dev/null -J q1 --nice=1000 -w dgx1 --exclusive -t 10 --wrap 'sleep 600'
c sbatch-y4 sbatch -o /dev/null -J y4 --nice=2000 -N 4 --exclusive -t 10 --wrap 'sleep 600'
c sbatch-y1 sbatch -o /dev/null -J y1 --nice=2000 -N 1 --exclusive -t 10 --wrap 'sleep 600'
sleep 3
c squeue-main squeue -u alice -o "$F"
sleep 6
c squeue-planned squeue -u alice -o "$F"
c scancel-all scancel -u alice
