#!/bin/bash
#SBATCH -J cond -N 1 -t 5
set -e
if ! srun -m foo true; then
  echo "srun refused"
fi
while ! srun --no-such-option true; do
  break
done
cd /tmp || exit 3
srun true
