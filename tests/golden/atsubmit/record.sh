#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ the reasons jobs show in the second they are
# submitted, before the first pass looks at them, and a few seconds on: behind a
# whole-cluster job, a plain job (Resources), a dependent one, one that begins later,
# one on a named node, one that may preempt (a high-QOS job: no reason), a partition
# list and a niced job; then a job over the partition's time limit (PartitionConfig
# until the pass says PartitionTimeLimit) and one that begins later under a QOS wall
# limit (the limit first, then BeginTime).
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; sacctmgr -i modify qos normal set MaxWall=-1 >/dev/null' EXIT
c() { local who=$1 nm=$2; shift 2; n=$((n+1)); timeout 20 $C -u "$who" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
Q=(squeue -o '%.6i %.9P %.8j %.2t %r')
c alice big sbatch -J big -N 4 --exclusive -t 10 --wrap='sleep 300'
BIG=$(id)
sleep 3
c alice plain sbatch -J plain -t 5 --wrap='sleep 60'
c alice dep sbatch -J dep -t 5 --dependency=afterok:"$BIG" --wrap='sleep 60'
c alice begin sbatch -J begin -t 5 --begin=now+1hour --wrap='sleep 60'
c alice named sbatch -J named -t 5 -w dgx1 --wrap='sleep 60'
c alice high sbatch -J high -t 5 --qos=high --wrap='sleep 60'
c alice list sbatch -J list -t 5 -p debug,gpu --wrap='sleep 60'
c alice niced sbatch -J niced -t 5 --nice=100 --wrap='sleep 60'
c alice at-once "${Q[@]}"
sleep 4
c alice later "${Q[@]}"
c alice cancel scancel -u alice
sleep 2
c alice too-long sbatch -J toolong -p debug -t 180 --wrap='sleep 60'
J=$(id)
c alice too-long-at-once squeue -j "$J" -o '%.6i %.2t %r'
sleep 4
c alice too-long-later squeue -j "$J" -o '%.6i %.2t %r'
c alice too-long-cancel scancel "$J"
c root wall sacctmgr -i modify qos normal set MaxWall=20
sleep 1
c alice wall-begin sbatch -J wallbegin -t 30 --begin=now+1hour --wrap='sleep 60'
J=$(id)
c alice wall-begin-at-once squeue -j "$J" -o '%.6i %.2t %r'
sleep 4
c alice wall-begin-later squeue -j "$J" -o '%.6i %.2t %r'
c alice wall-begin-cancel scancel "$J"
c root wall-reset sacctmgr -i modify qos normal set MaxWall=-1
