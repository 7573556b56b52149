#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ the order in which sbatch, srun and salloc say what
# is wrong with their options: an unreadable value at once; then, verifying what they
# read, the --core-spec warning, a --mem/--mem-per-cpu/--mem-per-gpu conflict (fatal), a
# GPU request refused, --mem-per-gpu without GPUs. srun and salloc refuse the memory
# conflict too.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
trap 'rm -f "$OUT"; scancel -u alice' EXIT
for cmd in sbatch srun salloc; do
    if [ $cmd = sbatch ]; then run=(--wrap=true); else run=(true); fi
    a $cmd-spec-gpus-per-task $cmd -H -t 1 --core-spec=2 --gpus-per-task=1 "${run[@]}"
    a $cmd-spec-memory $cmd -H -t 1 --core-spec=2 --mem=1G --mem-per-cpu=1G "${run[@]}"
    a $cmd-memory $cmd -H -t 1 --mem=1G --mem-per-gpu=1G "${run[@]}"
    a $cmd-memory-time $cmd -H --mem=1G --mem-per-cpu=1G -t abc "${run[@]}"
    a $cmd-spec-memory-gpus $cmd -H -t 1 --core-spec=2 --mem=1G --mem-per-cpu=1G --gpus-per-task=1 "${run[@]}"
    a $cmd-spec-mem-per-gpu $cmd -H -t 1 --get-user-env --mem-per-gpu=10G --core-spec=2 "${run[@]}"
done
held spec-tasks-mem --core-spec=2 -n 1 --ntasks-per-gpu=2 --mem-per-gpu=1G
held spec-ensure --core-spec=2 --gpus=2 --gpus-per-node=3
held spec-plane --core-spec=2 --distribution=plane=4 -n 2 -N 2
held spec-partition --core-spec=2 -p nosuch
echo "recorded $n cases into $GOLDEN_DIR"
