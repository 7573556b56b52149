#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# seconds. Records into cases/ the order of sinfo's partition lines under -S keys that
# compare host lists no column filled (node addresses, host names): Slurm compares them as
# greater whichever way round, so each such key turns the lines round, and '-' undoes it.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
c o sinfo -S o
c minus-o sinfo -S -o
c n sinfo -S n
c minus-n sinfo -S -n
c oo sinfo -S oo
c on sinfo -S on
c o-shown sinfo -S o -o '%P %o %N'
c n-shown sinfo -S n -o '%P %n'
c P-o sinfo -S P,o
c o-P sinfo -S o,P
c o-partitions sinfo -S o -p debug,gpu
