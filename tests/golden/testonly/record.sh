#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh) whose nodes have no
# features (a fresh setup), holding the oracle lock; a few seconds. Records into cases/
# how --test-only judges a job's features: as a submission does, before it places the
# job (an unknown or unreadable --constraint, an unknown --prefer, sbatch and srun alike),
# and on a node given a feature, where the estimate lands. The feature is taken off again.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'scontrol update NodeName=dgx2 AvailableFeatures= ActiveFeatures= >/dev/null 2>&1' EXIT
a unknown-feature sbatch --test-only -C h100 --wrap=true
a unknown-feature-srun srun --test-only -C h100 true
a unreadable-feature sbatch --test-only -C 'h100&' --wrap=true
a unknown-prefer sbatch --test-only --prefer=h100 --wrap=true
a unknown-batch sbatch --test-only --batch=h100 --wrap=true
a plain sbatch --test-only --wrap=true
c root add-feature scontrol update NodeName=dgx2 AvailableFeatures=nvlink ActiveFeatures=nvlink
a feature sbatch --test-only -C nvlink --wrap=true
a feature-srun srun --test-only -C nvlink true
a feature-or-unknown sbatch --test-only -C 'nvlink|h100' --wrap=true
a feature-and-unknown sbatch --test-only -C 'nvlink&h100' --wrap=true
a feature-count sbatch --test-only -N 2 -C 'nvlink*2' --wrap=true
a prefer sbatch --test-only --prefer=nvlink --wrap=true
a feature-two-nodes sbatch --test-only -N 2 -C nvlink --wrap=true
a feature-debug sbatch --test-only -p debug -C nvlink --wrap=true
