#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 2 minutes. Records into cases/ the task count --ntasks-per-gpu gives (the GPUs asked
# for times it, even beside -n), the CPUs that go with it (the client's, unless the GPU tasks
# are more), the submissions refused when a node's GPUs' tasks need more CPUs than it has,
# how many nodes a -N min-max range runs on (as many as its tasks can use; the fewest with
# --gpus), the nodes -n with --ntasks-per-node needs, the CPUs --cpus-per-gpu adds, the
# nodes taken beside -w ones (those after the first, then before it; the tasks fill the
# required ones first), and what the clients refuse with --ntasks-per-gpu. Held jobs are
# shown; running ones are shown by sinfo and squeue; as alice.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
held() {  # sbatch -H ARGS, then scontrol show job and squeue of what it submitted
  local nm=$1; shift
  cu "$nm" alice sbatch -H "$@" --wrap='sleep 1'
  local id
  id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
  [ -n "$id" ] && cu "$nm-show" alice scontrol show job "$id" && cu "$nm-squeue" alice squeue -h -j "$id"
}
run() {  # sbatch ARGS, then where it runs; cancelled after
  local nm=$1; shift
  cu "$nm" alice sbatch -t 5 "$@" --wrap='sleep 300'
  sleep 4
  c "$nm-sinfo" sinfo -N -h -p gpu -O 'NodeList:6,CPUsState:14,AllocMem:10,GresUsed:30'
  c "$nm-squeue" squeue -h -o '%i %C %D %N'
  cu "$nm-cancel" alice scancel -u alice
  sleep 4
}
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }

held per-node-cpus -N 1 --gpus-per-node=4 --ntasks-per-gpu=1 -c 32
held per-node-two-nodes -N 2 --gpus-per-node=2 --ntasks-per-gpu=2 -c 4
held beside-tasks -N 1 --gpus-per-node=8 --ntasks-per-gpu=2 -c 4 -n 4
held more-than-cpus -N 2 --gpus-per-node=8 --ntasks-per-gpu=1 -n 4
held no-nodes-given --gpus-per-node=8 --ntasks-per-gpu=2 -c 4
held per-job --gpus=4 --ntasks-per-gpu=2
held per-job-cpus --gpus=4 --ntasks-per-gpu=1 -c 4 -n 4
held whole-tasks-guess -N 1 --gpus-per-node=8 --ntasks-per-gpu=2 -c 32 -n 4
cu refused-per-node alice sbatch -N 1 --gpus-per-node=4 --ntasks-per-gpu=1 -c 32 --wrap='sleep 1'
cu refused-per-job alice sbatch --gpus=4 --ntasks-per-gpu=1 -c 32 -n 4 --wrap='sleep 1'
cu refused-gres alice sbatch --gres=gpu:2 --ntasks-per-gpu=2 -c 32 --wrap='sleep 1'
held tasks-per-node-nodes -n 6 --ntasks-per-node=2
held tasks-per-node-too-many -n 130 --ntasks-per-node=2
cu refused-tasks-per-node alice sbatch -n 130 --ntasks-per-node=2 --wrap='sleep 1'
cu refused-not-a-multiple alice sbatch -N 2-4 -n 5 --ntasks-per-gpu=2 --wrap='sleep 1'
cu refused-range-alone alice sbatch -N 2-4 --ntasks-per-gpu=2 -c 40 --wrap='sleep 1'
cu refused-with-per-node alice sbatch --gpus=3 --ntasks-per-gpu=2 --ntasks-per-node=2 --wrap='sleep 1'
held fixed-nodes-alone -N 2 --ntasks-per-gpu=2
cu cancel-held alice scancel -u alice
sleep 3
run gpu-tasks-two-nodes -N 2 --gpus-per-node=2 --ntasks-per-gpu=2 -c 4
run gpu-tasks-per-node-cap --gres=gpu:2 --ntasks-per-gpu=1 -c 4 -n 4
run gpu-tasks-many -N 2 --gpus-per-node=8 --ntasks-per-gpu=2 -c 4 -n 4
run range-tasks -N 2-3 -n 4
run range-no-tasks -N 1-2
run range-fewer-tasks -N 1-4 -n 2
run range-exclusive -N 1-3 -n 4 --exclusive
run range-gpus-per-job --gpus=4 -N 1-2 -n 4
run tasks-per-node-last -n 5 --ntasks-per-node=2
run cpus-per-gpu-job --cpus-per-gpu=4 --gpus=3
run cpus-per-gpu-nodes --cpus-per-gpu=4 -N 2 --gpus-per-node=2
run cpus-per-gpu-tasks --cpus-per-gpu=4 --gres=gpu:2 -n 3
run beside-required -N 2 --gres=gpu:1 -w dgx2 -n 9
run beside-required-gap -w dgx1,dgx3 -N 3
run beside-required-last -w dgx4 -N 2
run beside-required-fill -w dgx2 -n 130
run range-tasks-per-node -N 1-3 --ntasks-per-node=2
run overcommit-mincpus --mincpus=4 --gres=gpu:1 -O
run gpu-tasks-packed --gres=gpu:3 -c 3 --ntasks-per-gpu=2 -n 9
run gpu-tasks-capped -N 2 --gpus-per-node=8 --ntasks-per-gpu=1 -n 4
run mincpus-whole-tasks -c 3 --mincpus=4
run mincpus-each-node -n 9 -N 1-3 --gres=gpu:3 --mincpus=4
run gpus-beside-gres --mem=20G --gpus=3 --gres=gpu:1
