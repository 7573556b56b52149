#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about 25 s. Records into cases/, as alice, the dependency of a held job: no
# pass looks at it, so its entries show as its hold found them, unfulfilled after the job
# they name has ended, whether it was held after its submission (scontrol hold) or at it
# (-H); once released, the next pass judges them (afterany met: it runs; afterok of a
# cancelled job: DependencyNeverSatisfied).
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
F='%.4i %.5j %.8T %.24r %E'
a sbatch-run sbatch -J run -t 1 -o /dev/null --wrap 'sleep 30'; run=$(id)
sleep 3  # it runs (slurmsim's pass comes two seconds after the submission)
a sbatch-later sbatch -J later -t 1 -o /dev/null -d "afterany:$run" --wrap true; later=$(id)
a sbatch-held sbatch -J held -H -t 1 -o /dev/null -d "afterok:$run" --wrap true; held=$(id)
a sbatch-gone sbatch -J gone -H -t 1 -o /dev/null -d "afterok:$run" --wrap true; gone=$(id)
sleep 1
a hold scontrol hold "$later"
a squeue-before squeue -u alice -o "$F"
a scancel-run scancel "$run"
sleep 6
a squeue-ended squeue -u alice -o "$F"
a scancel-gone scancel "$gone"
a release-later scontrol release "$later"
a release-held scontrol release "$held"
sleep 6
a squeue-released squeue -j "$later,$held,$gone" -t all -o "$F"
