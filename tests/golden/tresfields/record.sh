#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ squeue -O's TRES request fields (cpus-per-tres,
# mem-per-tres, tres-bind, tres-freq, tres-per-socket) and Wait4Switch for held jobs
# with and without the options that set them.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
FIELDS='JobID,cpus-per-tres:16,mem-per-tres:16,tres-bind:14,tres-freq:12,tres-per-job:14,tres-per-node:14,tres-per-socket:16,tres-per-task:14,Wait4Switch:12,ReqSwitch:11'
held() {  # held NAME SBATCH-ARGS...: a held job in squeue -O, then cancelled
  local nm=$1; shift
  c "$nm" sbatch -H -t 5 "$@" --wrap='sleep 100'
  ID=$(id)
  [ -n "$ID" ] || return
  c "$nm-squeue" squeue -j "$ID" -O "$FIELDS"
  c "$nm-cancel" scancel "$ID"
}
held plain -n 2
held per-gpu --cpus-per-gpu=8 --gpus=2 --mem-per-gpu=40G
held bind-freq --gpus-per-node=1 --gpu-bind=closest --gpu-freq=high
held per-socket --gpus-per-socket=1 --sockets-per-node=2
held per-task --gpus-per-task=1 -n 2 --switches=2@1:00
held switches --switches=3
held switches-long --switches=1@1-02:03:04
