#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 15 seconds. Records into cases/ which CPU counts a node sbatch's submission is
# refused for, as alice, each line of options.txt a one-minute job of `true`: a task's CPUs,
# --mincpus or --ntasks-per-node's tasks' CPUs above any node's name the CPU count (not
# beyond -n's tasks, nor under --overcommit, which still refuses more tasks than CPUs);
# more --ntasks-per-socket than a socket's cores is refused without it.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
name() { echo "$1" | tr -c 'a-zA-Z0-9\n' '-' | sed 's/--*/-/g; s/^-//; s/-$//' | cut -c1-40; }
while IFS= read -r line; do
  # shellcheck disable=SC2086  # the options are words
  a "$(name "$line")" sbatch -o /dev/null -t 1 $line --wrap=true
done < "$HERE/options.txt"
