#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about three minutes. Records into cases/ which cores (CPU_IDs) cons_tres gives a GPU job:
# each line of options.txt run alone by alice (-t 5, sleep 300) and shown with -d, then
# cancelled. A GPU job whose request settles its tasks on a node (--ntasks-per-node, -n on
# one node, one task a node) has its CPUs shared out over the sockets, the later socket
# taking what does not divide (-n 1 --gpus=1 is 56); any other job is laid out as without
# GPUs. Last, jobs side by side on dgx1, each shown: three of -n 1 --gpus=1 (56, 57, 58),
# one without a GPU (0), one of -n 1 -c 2 --gpus=1 (the first free core of each socket).
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
name() { echo "$1" | tr -c 'a-zA-Z0-9\n' '-' | sed 's/--*/-/g; s/^-//; s/-$//' | cut -c1-40; }
run() {  # run NAME OPTIONS...: a job started, its id in ID
  local nm=$1; shift
  a "$nm" sbatch -t 5 -o /dev/null "$@" --wrap='sleep 300'
  ID=$(id)
  sleep 4  # past slurmsim's first pass too (TRIGGER_DELAY, 2 s)
}
while IFS= read -r line; do
  nm=$(name "$line")
  eval "set -- $line"
  run "$nm" "$@"
  a "$nm-show" scontrol show -d job "$ID"
  a "$nm-cancel" scancel "$ID"
  sleep 2
done < "$HERE/options.txt"
for o in "-n 1 --gpus=1" "-n 1 --gpus=1" "-n 1 --gpus=1" "-n 1" "-n 1 -c 2 --gpus=1"; do
  # shellcheck disable=SC2086  # $o is words
  run "side-$(name "$o")" -w dgx1 $o
  a "side-$(name "$o")-show" scontrol show -d job "$ID"
done
