#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about 1 minute.
# Records a sweep over real-world batch scripts (corpus/) into cases/: each script is submitted
# held (sbatch -H, so only what Slurm decides at submission shows), then shown with
# scontrol show job and two wide squeue formats, then cancelled. chain-child.sh is submitted
# with a dependency on a held parent from the command line, as a pipeline's driver would.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
JOBS=/tmp/slurm-oracle-jobs
rm -rf "$JOBS/corpus"
cp -r "$HERE/corpus" "$JOBS/corpus"
chmod -R a+rX "$JOBS/corpus"
SQ_O='%i|%j|%u|%a|%P|%q|%T|%r|%D|%C|%c|%m|%b|%f|%h|%l|%k|%y|%O|%H|%I|%J|%z|%E|%w|%o|%Z|%x|%n|%v|%W|%d'
SQ_LONG='tres-per-job:24,tres-per-task:24,tres-per-node:24,numtasks:8,numcpus:8,numnodes:8,cpus-per-task:8,minmemory:10,mintime:10,timelimit:14,requeue:4,ntpernode:6,maxnodes:6,stdout:60,stderr:60,tres-alloc:60'
n=0
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null; }
# Submit one script held (as alice, or as bob for a script named *-bob-*); show and cancel
# the job if it was accepted.
sweep() {
  local name=$1; shift
  local id user=alice
  case "$name" in *-bob-*) user=bob ;; esac
  cu "$name-sbatch" "$user" sbatch -H "$@" "corpus/$name.sh" >"$OUT"
  id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
  [ -n "$id" ] || return 0
  c "$name-show" scontrol show job "$id" >/dev/null
  c "$name-squeue" squeue -j "$id" -o "$SQ_O" >/dev/null
  c "$name-squeue-long" squeue -j "$id" -O "$SQ_LONG" >/dev/null
  cu "$name-scancel" "$user" scancel "$id" >/dev/null
}

cu chain-parent-sbatch alice sbatch -H -J prepare --wrap='./prepare.sh' >"$OUT"
parent=$(sed -n 's/^Submitted batch job //p' "$OUT")
for script in "$HERE"/corpus/*.sh; do
  name=$(basename "$script" .sh)
  case "$name" in
    chain-child) sweep "$name" -d "afterok:$parent" ;;
    *) sweep "$name" ;;
  esac
done
cu chain-parent-scancel alice scancel "$parent" >/dev/null
rm -rf "$JOBS/corpus"
