#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 1 minute. Records into cases/ which node cons_tres gives a one-node job: of the runs
# of consecutive nodes that can hold it, the run with the fewest free CPUs in all, and in
# it the node with the fewest (so an idle node alone beats two half-used neighbours).
# Jobs are submitted one at a time, 4 s apart (each placed by its own pass), as alice;
# squeue and sinfo show where they went; everything is cancelled between the scenarios.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
job() { local nm=$1; shift; cu "$nm" alice sbatch -t 5 "$@" --wrap='sleep 300'; sleep 4; }
show() { c "$1-squeue" squeue -o '%i %C %b %N'; c "$1-sinfo" sinfo -N -o '%N %C %G'; }
clear() { cu cancel alice scancel -u alice; sleep 4; }
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }

# An idle node alone (dgx4, 112 CPUs) against a run of two (dgx1 half used, dgx2 idle).
job half -c 56
job pin3 -w dgx3 -c 100
job small -c 20
job small-again -c 20
job tiny -c 1
show cpus
clear

# The same with GPUs: the nodes that can still give every GPU asked for come first.
job gpus6 -G 6
job gpus8 -G 8
job gpu1 -G 1
job gpus2 -G 2
job cpu-only -c 8
show gpus
clear

# Two one-node runs of unequal size, the middle nodes busy.
job pin2 -w dgx2 -c 112
job pin3-full -w dgx3 -c 112
job pin4-part -w dgx4 -c 40
job fill -c 10
job fill-again -c 10
show ends
clear
