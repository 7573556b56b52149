#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ how the clients settle a job's GPU counts against one
# another: the combinations of --gpus, --gpus-per-node (--gres), --gpus-per-task,
# --gpus-per-socket, -n, -N, --ntasks-per-node/-socket and --cpus-per-gpu they refuse (with
# the controller's GRES count test's own line), and held jobs whose counts they fill in.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
held() {  # held NAME SBATCH-ARGS...: a held job, shown, then cancelled (or its refusal)
  local nm=$1; shift
  c "$nm" sbatch -H -t 5 "$@" --wrap='sleep 100'
  ID=$(id)
  [ -n "$ID" ] || return
  c "$nm-show" scontrol show job "$ID"
  c "$nm-cancel" scancel "$ID"
}
held job-under-node --gpus=1 --gpus-per-node=2
held job-under-gres --gpus=1 --gres=gpu:2
held job-under-task --gpus=1 --gpus-per-task=2 -n 1
held node-under-task --gpus-per-node=1 --gpus-per-task=2 -n 1
held cpus-both --cpus-per-gpu=4 -c 2 --gpus=1
held job-not-nodes --gpus=3 --gpus-per-node=2
held nodes-out-low --gpus=4 --gpus-per-node=2 -N 1
held nodes-out-high --gpus=4 --gpus-per-node=2 -N 3
held node-not-sockets --gpus-per-node=3 --gpus-per-socket=2 --sockets-per-node=2
held sockets-differ --gpus-per-node=4 --gpus-per-socket=2 --sockets-per-node=1
held job-not-tasks --gpus=3 --gpus-per-task=2 -n 2
held tasks-differ --gpus=6 --gpus-per-task=2 -n 2
held tasks-differ-N --gpus=3 --gpus-per-task=1 -N 1
held node-not-tasks --gpus-per-node=3 --gpus-per-task=2 -n 2
held per-node-differ --gpus-per-node=4 --gpus-per-task=2 --ntasks-per-node=3
held socket-not-tasks --gpus-per-socket=3 --gpus-per-task=2 --sockets-per-node=1 -n 1
held per-socket-differ --gpus-per-socket=4 --gpus-per-task=2 --sockets-per-node=1 --ntasks-per-socket=3 -n 1
held fewer-than-nodes --gpus=1 -N 2
held tasks-from-gpus --gpus=4 --gpus-per-task=2
held max-nodes-cut --gpus=4 -N 1-8
held cpus-from-gpus --gpus=2 --gpus-per-task=1 --cpus-per-gpu=3
held cpus-from-gpus-4 --gpus=4 --gpus-per-task=1 --cpus-per-gpu=3
held nodes-from-gpus --gpus=4 --gpus-per-node=2 -N 2
held nodes-from-gpus-range --gpus=4 --gpus-per-node=2 -N 1-3
held one-node-from-gpus --gpus=4 --gpus-per-node=4
held socket-tasks --gpus-per-socket=2 --sockets-per-node=2 --gpus-per-task=1 -n 4
held nodes-from-gpus-alone --gpus=4 --gpus-per-node=2
held per-node-tasks --gpus-per-node=4 --gpus-per-task=2 -N 2
held cpus-with-n --gpus-per-task=1 -n 2 --cpus-per-gpu=3
held ddp-per-gpu-cpus --gpus-per-node=8 -N 2 --ntasks-per-node=8 --gpus-per-task=1 --cpus-per-gpu=12
held ranks-per-gpu --gpus=4 --ntasks-per-gpu=2
