#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ how --ntasks-per-socket caps the tasks a node takes
# (its sockets times the count): held jobs shown, jobs that run shown with their cores
# (scontrol show -d job) once started, and requests no node count can hold.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
case_of() {  # case_of NAME SBATCH-ARGS...: submitted, shown after slurmsim's first pass too
  local nm=$1; shift
  c "$nm" sbatch -t 5 "$@" --wrap='sleep 100'
  ID=$(id)
  [ -n "$ID" ] || return
  sleep 4
  c "$nm-show" scontrol show -d job "$ID"
  c "$nm-cancel" scancel "$ID"
  sleep 1
}
case_of held-n4-one -H -n 4 --ntasks-per-socket=1
case_of held-n8-two-N1 -H -n 8 --ntasks-per-socket=2 -N 1
case_of held-n20-one -H -n 20 --ntasks-per-socket=1
case_of n3-one -n 3 --ntasks-per-socket=1
case_of n8-one-N2-4 -n 8 --ntasks-per-socket=1 -N 2-4
case_of n6-two -n 6 --ntasks-per-socket=2
case_of n4-one-c2 -n 4 -c 2 --ntasks-per-socket=1
case_of n8-two-N1 -n 8 --ntasks-per-socket=2 -N 1
case_of n20-one -n 20 --ntasks-per-socket=1
case_of n4-one-gpus -n 4 --ntasks-per-socket=1 --gpus-per-task=1
