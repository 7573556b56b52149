#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about a minute. Records into cases/ what the commands of commands.txt answer alice (bad
# job ids, users, partitions, states, formats and options, other users' jobs), with a
# held job of hers ($A) and one of bob's ($B) in the queue; both cancelled after.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local u=$1 nm=$2; shift 2; n=$((n+1)); timeout 20 $C -u "$u" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
c alice a-sbatch sbatch -H -t 5 -J mine --wrap='sleep 1'
A=$(id)
c bob b-sbatch sbatch -H -t 5 -J theirs --wrap='sleep 1'
B=$(id)
while IFS= read -r line; do
  name=$(echo "$line" | tr -c 'a-zA-Z0-9\n' '-' | sed 's/--*/-/g; s/^-//; s/-$//' | cut -c1-40)
  eval "set -- $line"
  c alice "$name" "$@"
done < "$HERE/commands.txt"
c root cancel scancel -u alice
c root cancel-bob scancel -u bob
