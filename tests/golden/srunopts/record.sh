#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 30 s. Records into cases/, as alice, what srun answers for option values it reads
# itself when it makes a step in a running job (srun --jobid): a number that is not one
# (exit 1, 'Invalid numeric value'), a size, time or list it cannot read (exit 255), and
# values it takes; and the GPUs --ntasks-per-gpu adds to a job that asks for none.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 30 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
c sbatch sbatch -J host -N 2 -n 4 --gres=gpu:2 -t 10 --wrap 'sleep 300'; J=$(id)
sleep 4
s() { local nm=$1; shift; c "$nm" srun --jobid="$J" "$@" true; }
s ntasks-zero -n 0
s ntasks-negative -n -1
s ntasks-word --ntasks=four
s cpus-zero -c 0
s cpus-word --cpus-per-task=x
s nodes-zero -N 0
s nodes-word -N x
s nodes-range -N 3-1
s per-node-zero --ntasks-per-node=0
s per-node-word --ntasks-per-node=x
s cpus-per-gpu-zero --cpus-per-gpu=0
s mem-unit --mem=1Q
s mem-word --mem=lots
s mem-per-cpu-word --mem-per-cpu=foo
s mem-per-gpu-word --mem-per-gpu=foo
s time-word -t foo
s time-zero -t 0
s time-negative -t -5
s gpus-zero --gpus=0
s gpus-word --gpus=x
s gres-bad --gres=gpu:x
s per-gpu-half --ntasks-per-gpu=2 -n 1
s dist-bad -m foo
s nodelist-bad -w 'dgx[1-'
s exclude-bad -x 'dgx[2-'
s relative-word -r x
s ok -n 1
# --ntasks-per-gpu with no GPU asked for: the controller adds a GPU for each so many tasks,
# none for fewer (it says so, and queues the job all the same).
c sbatch-few-tasks sbatch -J few -n 1 --ntasks-per-gpu=2 -t 10 --wrap 'sleep 300'; F=$(id)
c sbatch-gpu-tasks sbatch -J four -n 4 --ntasks-per-gpu=2 -t 10 --wrap 'sleep 300'; G=$(id)
sleep 4
c show-few-tasks scontrol show job "$F"
c show-gpu-tasks scontrol show job "$G"
c sacct-gpu-tasks sacct -j "$F,$G" -o JobID,JobName,ReqTRES%50,AllocTRES%50
