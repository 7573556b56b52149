#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; a few seconds. Records into cases/ which words `scontrol show` takes for
# which entity (any case, prefixes down to the shortest Slurm takes, the aliases jobid,
# partitionname and reservationname), the error for a word it does not take, and what the
# entities that describe nothing on this cluster print (topology, licenses, front ends,
# burst buffers, federation, aliases, the local slurmd).
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
n=0
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }
s() { local word=$1; shift; c "show-$word${1:+-$1}" scontrol show "$word" "$@"; }

for w in j jo JOB jobs jobid jobi; do s "$w" 999999; done
for w in jobx jobidx; do s "$w"; done
for w in n no Nodes; do s "$w" dgx9; done
s nodename
s p
for w in pa part partitions partitionname; do s "$w" debug; done
for w in r res reservationname; do s "$w"; done
for w in s st steps stepid; do s "$w"; done
for w in h host hostn hostl hostlists; do s "$w"; done
s hostl dgx3,dgx1
s hostlists dgx3,dgx1
for w in t topology l li licenses f fr frontend b bu bb dw a sl slurmd; do s "$w"; done
