#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about seven minutes (MinJobAge=300, then the controller's next purge). Records into
# cases/ a dependency entry that failed, before and after the record of the job it names
# is purged: slurmctld keeps the entry's state, so the job still shows afterok:N(failed)
# and still waits, and an OR whose other entry still waits keeps waiting too.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice' EXIT
c() { local who=$1 nm=$2; shift 2; n=$((n+1)); timeout 20 $C -u "$who" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
a() { c alice "$@"; }
Q=(squeue -o '%.6i %.8j %.2t %E %r')
a fail sbatch -J fail -t 5 --wrap='exit 1'
FAIL=$(id)
a long sbatch -J long -t 30 --wrap='sleep 1000'
LONG=$(id)
a dep sbatch -J dep -t 5 -d afterok:"$FAIL" --wrap=true
DEP=$(id)
a either sbatch -J either -t 5 -d "afterok:$FAIL?afterok:$LONG" --wrap=true
a both sbatch -J both -t 5 -d "afterok:$LONG,afterany:$FAIL" --wrap=true
sleep 5
a queue "${Q[@]}"
a show-dep scontrol show job "$DEP"
sleep 400
a gone scontrol show job "$FAIL"
a queue-purged "${Q[@]}"
a show-dep-purged scontrol show job "$DEP"
a update-dep scontrol update JobId="$DEP" Dependency=afterany:"$LONG"
a queue-updated "${Q[@]}"
