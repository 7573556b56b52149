#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about half a minute. Records into cases/ how a --gpus total falls on the nodes of a job
# that spans several (scontrol show -d job): as many on each node, in slurm.conf order, as it
# has free while one is left for every node after it; on idle nodes and beside a job that
# holds most of one node's GPUs; with tasks, --mem-per-gpu and --cpus-per-gpu.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice' EXIT
c() { local who=$1 nm=$2; shift 2; n=$((n+1)); timeout 20 $C -u "$who" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
a() { c alice "$@"; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
# One job at a time on idle nodes: sbatch, its allocation, cancel.
one() {
    local nm=$1; shift
    a "$nm" sbatch -t 5 "$@" --wrap='sleep 100'
    local j; j=$(id)
    sleep 4
    a "$nm-show" scontrol show -d job "$j"
    a "$nm-cancel" scancel $j
    sleep 4
}
one six-on-two -G 6 -N 2
one ten-on-two -G 10 -N 2
one three-on-three -G 3 -N 3
one seven-on-three -G 7 -N 3
one tasks -G 3 -N 2 -n 4
one sixteen-on-two -G 16 -N 2
one mem-per-gpu -G 6 -N 2 --mem-per-gpu=10G
one cpus-per-gpu -G 6 -N 2 --cpus-per-gpu=2
# Beside a job holding six of dgx1's GPUs.
a holder sbatch -t 5 -G 6 -w dgx1 --wrap='sleep 100'
H=$(id)
sleep 4
one beside-six-on-two -G 6 -N 2
one beside-ten-on-two -G 10 -N 2
a holder-cancel scancel $H
