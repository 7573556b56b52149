#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; under a minute. Records into cases/ `sbatch --test-only` of heterogeneous
# jobs: each component tested alone on the cluster as it is, the answer the first one's id,
# the latest start, every processor and node, without a partition; a component's refusal
# as a job's.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
with_corpus hettestonly
t() { local nm=$1; shift; c "$nm" sbatch --test-only -t 5 "$@"; }
t idle -N1 : -N2 --wrap=true
t overlapping -N1 : -N4 --wrap=true
t three -N1 : -N1 : -N1 --wrap=true
t gpus --gpus-per-node=8 -N2 : -N2 -c4 --wrap=true
t script hettestonly/het.sh
t bad-partition-later -N1 : -p nope --wrap=true
t bad-partition-first -p nope --wrap=true : -N1 --wrap=true
t too-many-gpus-first --gres=gpu:9 : -N1 --wrap=true
t too-many-gpus-later -N1 : --gres=gpu:9 --wrap=true
# With two nodes busy for five minutes, and then all four.
c busy sbatch -t 5 -N2 --exclusive --wrap='sleep 300'
sleep 4
t busy-two -N1 : -N2 --wrap=true
t busy-two-fits -N1 : -N1 --wrap=true
c busy-more sbatch -t 7 -N2 --exclusive --wrap='sleep 300'
sleep 4
t busy-all -N1 : -N2 --wrap=true
c cancel scancel -u alice
sleep 4
