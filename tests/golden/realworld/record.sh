#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about 2 minutes. Records into cases/ what sbatch makes of the batch scripts in
# corpus/: the directive blocks of real-world GPU job scripts (centre documentation, training
# repositories, bioinformatics arrays; a trivial body each) and variants of the odd spellings
# they use (repeated --mail-type, -D ., --tasks-per-node, --overcommit, -N ranges, quoting and
# escapes, options after a stray word). Each script is submitted held as alice from the job
# directory; an accepted one is shown with scontrol show job, then cancelled.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
JOBS=/tmp/slurm-oracle-jobs
rm -rf "$JOBS/realworld"
cp -r "$HERE/corpus" "$JOBS/realworld"
chmod -R a+rX "$JOBS/realworld"
n=0
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
for script in "$HERE"/corpus/*.sh; do
  name=$(basename "$script" .sh)
  c "$name-sbatch" sbatch -H "realworld/$name.sh"
  id=$(sed -n 's/^Submitted batch job \([0-9]*\).*/\1/p' "$OUT")
  [ -n "$id" ] || continue
  c "$name-show" scontrol show job "$id"
  c "$name-scancel" scancel "$id"
done
rm -rf "$JOBS/realworld"
