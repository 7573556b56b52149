#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 15 seconds. Records into cases/, as alice, what sacct's --units and --noconvert do
# to memory: ReqMem and the mem= of AllocTRES and ReqTRES alike (K, M, G, T with two
# decimals; --noconvert in MB; --units wins over --noconvert); and that -s PD alone lists
# the jobs that waited without their steps, where a list with another state keeps them.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
a sbatch-gig sbatch -J gig -t 5 --mem=1G -o /dev/null --wrap 'sleep 1'; ALL=$(id)
a sbatch-gpus sbatch -J gpus -t 5 -c 3 --gpus=2 -o /dev/null --wrap 'sleep 1'; ALL="$ALL,$(id)"
a sbatch-odd sbatch -J odd -t 5 --mem=1500M -o /dev/null --wrap 'sleep 1'; ALL="$ALL,$(id)"
a sbatch-two sbatch -J two -t 5 -N 2 --mem-per-cpu=700 -o /dev/null --wrap 'sleep 1'; ALL="$ALL,$(id)"
a sbatch-held sbatch -J held -t 5 -H -o /dev/null --wrap true; ALL="$ALL,$(id)"
sleep 5
MEM="JobID,JobName,ReqMem,AllocTRES%60,ReqTRES%60"
a units-k sacct -j "$ALL" --units=K -o "$MEM"
a units-m sacct -j "$ALL" --units=M -o "$MEM"
a units-g sacct -j "$ALL" --units=G -o "$MEM"
a units-t sacct -j "$ALL" --units=t -o "$MEM"
a noconvert sacct -j "$ALL" --noconvert -o "$MEM"
a units-over-noconvert sacct -j "$ALL" --units=G --noconvert -o "$MEM"
a parsable-k sacct -j "$ALL" -P --units=K -o "$MEM"
a pending sacct -j "$ALL" -s PD -o JobID,JobName,State
a pending-long sacct -j "$ALL" --state=pending -o JobID,JobName,State
a pending-or-completed sacct -j "$ALL" -s PD,CD -o JobID,JobName,State
a completed sacct -j "$ALL" -s CD -o JobID,JobName,State
