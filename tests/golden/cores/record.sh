#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about four minutes. Records into cases/ which cores (CPU_IDs) cons_tres gives a job:
# each line of options.txt run alone by alice (-t 5, sleep 300) and shown with -d, then
# cancelled; last, pairs of jobs running side by side, the second shown.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
name() { echo "$1" | tr -c 'a-zA-Z0-9\n' '-' | sed 's/--*/-/g; s/^-//; s/-$//' | cut -c1-40; }
run() {  # run NAME OPTIONS...: a job started, its id in ID
  local nm=$1; shift
  c "$nm" sbatch -t 5 "$@" --wrap='sleep 300'
  ID=$(id)
  sleep 4  # past slurmsim's first pass too (TRIGGER_DELAY, 2 s)
}
while IFS= read -r line; do
  nm=$(name "$line")
  eval "set -- $line"
  run "$nm" "$@"
  c "$nm-show" scontrol show -d job "$ID"
  c "$nm-cancel" scancel "$ID"
  sleep 2
done < "$HERE/options.txt"
pair() {  # pair "FIRST" "SECOND": both run on dgx1, the second shown
  local a=$1 b=$2 first
  eval "set -- $a"; run "pair-$(name "$a")" -w dgx1 "$@"; first=$ID
  eval "set -- $b"; run "then-$(name "$b")" -w dgx1 "$@"
  c "then-$(name "$b")-show" scontrol show -d job "$ID"
  c "pair-cancel" scancel "$first" "$ID"
  sleep 2
}
pair "-n 2" "-n 3"
pair "-c 4" "-n 2"
pair "-n 3" "-c 4"
pair "-c 50" "-c 8"
pair "--gpus=2 -n 2" "--gpus=1 -c 8"
