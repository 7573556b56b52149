#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 30 s. Records into cases/ what sbatch settles itself before it sends a job: the node
# count a node list (-w, --nodefile) asks for, against -N and -n (warnings, refusals, the
# list cut short), the options it refuses together (--gpus-per-task with --ntasks-per-gpu;
# --ntasks-per-gpu with neither GPUs nor a node or task count), and a node both required
# and excluded, which the controller refuses, and which of two refusals it gives first. Jobs are held (-H), shown, then cancelled.
# As alice, from the job directory (nodes.txt and empty.txt are copied there).
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
JOBS=/tmp/slurm-oracle-jobs
cp "$HERE/nodes.txt" "$HERE/empty.txt" "$JOBS/" && chmod a+r "$JOBS/nodes.txt" "$JOBS/empty.txt"
n=0
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
show() {  # sbatch -H ARGS, then scontrol show job of what it submitted
  local nm=$1; shift
  c "$nm" sbatch -H "$@" --wrap='sleep 1'
  local id
  id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
  [ -n "$id" ] && c "$nm-show" scontrol show job "$id"
}

show list -w 'dgx[1-2]'
show list-tasks-per-node -w 'dgx[1-2]' --ntasks-per-node=2
show list-duplicate -w dgx1,dgx1
show list-fewer-tasks -w 'dgx[1-3]' -n 2
show list-one-task -w 'dgx[1-2]' -n 1
show list-more-nodes -w 'dgx[1-2]' -N 3
show list-node-range -w 'dgx[1-2]' -N 1-3
show list-too-few-nodes -w 'dgx[1-2]' -N 1
show tasks-below-nodes -n 1 -N 2
show tasks-below-range -n 1 -N 2-3
show tasks-in-range -n 1 -N 1-3
show nodefile --nodefile=nodes.txt
show nodefile-empty --nodefile=empty.txt
show nodefile-missing --nodefile=missing.txt
show required-and-excluded -w 'dgx[1-2]' -x dgx1
show ntasks-per-gpu-alone --ntasks-per-gpu=2 -c 2
show ntasks-per-gpu-tasks --ntasks-per-gpu=2 -n 4
show ntasks-per-gpu-and-per-task --gpus-per-task=1 --ntasks-per-gpu=1 -n 2
# What the controller checks first: the nice and the array before partition, account, QOS.
show nice-before-qos --nice=-5 -q nosuch
show array-before-account -A nosuch --array=0-1001
show mem-per-gpu-zero --mem-per-gpu=0
show delay-boot --delay-boot=5 --wckey=wk
# Requests no node can hold, refused once the record is made (salloc hears it revoked).
c tmp-disk sbatch --tmp=10G --wrap='sleep 1'
c cpus-per-task sbatch -c 200 --wrap='sleep 1'
c salloc-gpus salloc --gres=gpu:9 true
c salloc-mem-per-gpu salloc --mem-per-gpu=10G true
# srun: binding to threads asked for, and the options it refuses together.
c srun-threads srun -N 1 --threads-per-core=1 true
c srun-gpus-per-task srun -x dgx1 --ntasks-per-gpu=2 --gpus-per-task=1 true
c cancel scancel -u alice
rm -f "$JOBS/nodes.txt" "$JOBS/empty.txt"
