#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about two minutes. Records into cases/ the counts slurmctld shows for a pending job
# (NumNodes, NumCPUs, NumTasks, TRES): with every node taken by a job of bob's, each option
# set is submitted by alice as it is and held, and each job shown; then, the nodes free,
# jobs that ask for no tasks over a node range or for GPUs across nodes run, and are shown.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local u=$1 nm=$2; shift 2; n=$((n+1)); timeout 20 $C -u "$u" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
# shown NAME SBATCH-OPTIONS...: submitted, shown, and cancelled.
shown() {
  local nm=$1; shift
  c alice "$nm-sbatch" sbatch -t 20 "$@" --wrap='sleep 100'
  local j; j=$(id)
  c alice "$nm-show" scontrol show job "$j"
  c alice "$nm-cancel" scancel "$j"
}
c bob blocker sbatch --exclusive -N 4 -t 60 --wrap='sleep 3000'
sleep 3
while read -r nm opts; do
  # shellcheck disable=SC2086
  shown "$nm" $opts
  # shellcheck disable=SC2086
  shown "$nm-held" -H $opts
done <<'LIST'
tasks-cpus -n 1 -c 8
node-of-tasks -n 56 -c 2
tasks-per-node -n 5 --ntasks-per-node=2
range-tasks -N 2-4 -n 4
range -N 1-3
range-cpus -N 2-3 -c 4
range-per-node -N 2-3 --ntasks-per-node=2
gpus -G 12
tasks-wide -n 3 -c 40
nodes-per-node -N 2 --ntasks-per-node=4
gpus-per-task --gpus-per-task=2 -n 3
many-tasks -n 224
tasks-odd -n 8 -c 15
memory-two -N 2 --mem=1500G
exclusive-tasks --exclusive -n 2
per-gpu --gpus-per-node=2 --ntasks-per-gpu=2
LIST
c bob unblock scancel -u bob
sleep 3
for opts in "-N 2-3 -c 4" "-G 12" "-N 1-2 --mem=1500G"; do
  # shellcheck disable=SC2086
  c alice run-sbatch sbatch -t 20 $opts --wrap='sleep 100'
  j=$(id)
  sleep 4
  c alice run-show scontrol show job "$j"
  c alice run-squeue squeue -h -j "$j" -O NumTasks,NumCPUs,NumNodes
  c alice run-cancel scancel "$j"
  sleep 2
done
