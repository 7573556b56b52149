#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 2 minutes. Records into cases/ how cons_tres lays a job's tasks on its nodes (one on
# each, then as many as the first can take: -N 2 -n 4 runs 3 and 1), what --mincpus gives
# and refuses, and a held job that no node could run once it is released (BadConstraints,
# priority 0, only an operator may release it, an update judges it again).
# Jobs are submitted one at a time as alice; sinfo shows each node's CPUs, memory and GPUs
# in use, squeue the job; everything is cancelled between the scenarios.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
job() { local nm=$1; shift; cu "$nm" alice sbatch -t 5 "$@" --wrap='sleep 300'; sleep 4; }
show() {
  c "$1-sinfo" sinfo -N -h -O 'NodeList:6,CPUsState:14,AllocMem:10,GresUsed:30'
  c "$1-squeue" squeue -h -o '%i %C %D %N %m'
}
clear() { cu cancel alice scancel -u alice; sleep 4; }
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }

job two-nodes-four -N 2 -n 4
show two-nodes-four
clear
job two-nodes-five-cpt -N 2 -n 5 -c 2
show two-nodes-five-cpt
clear
job three-nodes-seven -N 3 -n 7
show three-nodes-seven
clear
job more-than-a-node -n 120
show more-than-a-node
clear
job gpus-per-task -N 2 -n 4 --gpus-per-task=1
show gpus-per-task
clear
job gres-per-node -N 2 -n 6 --gres=gpu:2
show gres-per-node
clear
job mem-per-node -N 2 -n 3 --mem=10G
show mem-per-node
clear
job exclusive -N 2 -n 4 --exclusive
show exclusive
clear
job mincpus --mincpus=8
job mincpus-tasks -n 2 --mincpus=6
show mincpus
clear
# The first node nearly full: what the rest of the tasks do.
job fill-first -w dgx1 -c 110
job packed-after-fill -N 2 -n 4
show packed-after-fill
clear

# --mincpus above every node's CPUs is refused; held, it is taken.
cu mincpus-too-many alice sbatch --mincpus=120 --wrap='sleep 1'
bad() {  # sbatch -H ARGS, release, then what the job shows
  local nm=$1; shift
  cu "$nm" alice sbatch -H "$@" --wrap='sleep 1'
  id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
  cu "$nm-release" alice scontrol release "$id"
  sleep 3
  cu "$nm-squeue" alice squeue -h -j "$id"
  cu "$nm-show" alice scontrol show job "$id"
}
bad held-cpus -c 200
cu held-cpus-sprio alice sprio -j "$id"
cu held-cpus-release-again alice scontrol release "$id"
bad held-gpus --gres=gpu:9
gpus=$id
bad held-tasks-per-node -N 2 --ntasks-per-node=113
bad held-mincpus --mincpus=120
c held-mincpus-root-release scontrol release "$id"
sleep 3
cu held-mincpus-after-root alice squeue -h -j "$id"
cu held-gpus-update alice scontrol update JobId="$gpus" Gres=gpu:8
sleep 4
cu held-gpus-after-update alice squeue -h -t all -j "$gpus" -o '%i %T %r %p'
clear
