#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; under a minute. Records into cases/ how --hint meets --sockets-per-node and
# --cores-per-socket (it unsets both, whatever the hint, in either order), -B (which wins:
# the hint is ignored), --threads-per-core and --ntasks-per-core: each job held, shown
# and cancelled.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
held layout --sockets-per-node=1 --cores-per-socket=32
held nomultithread --sockets-per-node=1 --cores-per-socket=32 --hint=nomultithread
held nomultithread-first --hint=nomultithread --sockets-per-node=1 --cores-per-socket=32
held multithread --sockets-per-node=1 --cores-per-socket=32 --hint=multithread
held compute-bound --sockets-per-node=1 --cores-per-socket=32 --hint=compute_bound
held memory-bound --sockets-per-node=2 --hint=memory_bound
held cores-nomultithread --cores-per-socket=8 --hint=nomultithread
held b-hint -B 1:32 --hint=nomultithread
held b3-hint -B 1:32:1 --hint=nomultithread
held threads-hint --threads-per-core=1 --hint=nomultithread
held ntasks-per-core-hint --ntasks-per-core=1 --hint=nomultithread
