#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock with
# `flock -o /tmp/oracle.lock -c ...`; about 1 minute. Records sacct --json and --yaml into
# cases/: a completed, a failed, a cancelled, a running, a held (pending) job, an array, and a
# requeued job (with and without -D), then the filters combined with --json (-j, -X, -u, -S,
# -s, a step, -o) and --yaml once. alice's, bob's and carol's jobs are cancelled first and
# last; other users' jobs are left alone and listed by the first case.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
COUNTER=$(mktemp)
echo 0 >"$COUNTER"
trap 'rm -f "$COUNTER"' EXIT
next() { local n=$(($(cat "$COUNTER") + 1)); echo $n >"$COUNTER"; printf '%03d-%s' $n "$1"; }
c() { local nm; nm=$(next "$1"); shift; timeout 20 $C "$nm" "$@" 2>/dev/null; }
cu() { local nm u=$2; nm=$(next "$1"); shift 2; timeout 20 $C -u $u "$nm" "$@" 2>/dev/null; }
id() { grep -o '[0-9]\+' | head -1; }

for u in alice bob carol; do scancel -u $u >/dev/null 2>&1; done
sleep 1
c foreign-jobs squeue -h -a -o %i >/dev/null
START=$(date +%Y-%m-%dT%H:%M:%S)
OK=$(cu sbatch-ok bob sbatch -J ok -N 1 --gres=gpu:2 -t 5 --wrap 'sleep 2' | id)
BAD=$(cu sbatch-bad carol sbatch -J bad -t 5 --wrap 'exit 7' | id)
LONG=$(cu sbatch-long alice sbatch -J long -N 1 --gres=gpu:8 -t 10 --wrap 'sleep 300' | id)
HELD=$(cu sbatch-held bob sbatch -H -J held -t 5 --wrap 'sleep 1' | id)
RUN=$(cu sbatch-run carol sbatch -p debug -J run --mem=1G -t 5 --wrap 'sleep 300' | id)
CAN=$(cu sbatch-cancel alice sbatch -J can -t 5 --wrap 'sleep 300' | id)
ARR=$(cu sbatch-array alice sbatch -J arr --array=1-3 -t 5 --wrap 'sleep 2' | id)
sleep 7
c requeue-long scontrol requeue "$LONG"
c cancel-can scancel "$CAN"
sleep 2
c j-ok sacct --json -j "$OK"
c j-failed sacct --json -j "$BAD"
c j-cancelled sacct --json -j "$CAN"
c j-running sacct --json -j "$RUN"
c j-held sacct --json -j "$HELD"
c j-array sacct --json -j "$ARR"
c j-array-task sacct --json -j "${ARR}_2"
c j-requeued sacct --json -j "$LONG"
c j-requeued-D sacct --json -D -j "$LONG"
c j-X-multi sacct --json -X -j "$OK,$BAD"
c j-step sacct --json -j "$OK.batch"
c u-bob sacct --json -u bob -S "$START"
c X-window sacct --json -X -S "$START"
c s-cd sacct --json -X -s CD -S "$START"
c o-ignored sacct --json -j "$OK" -o JobID,State -P
cu as-alice alice sacct --json -X -S "$START"
c yaml sacct --yaml -j "$OK"
c yaml-failed sacct --yaml -j "$BAD"
c json-yaml sacct --json --yaml -j "$OK"
c json-bad-opt sacct --json --bogus
c json-bad-user sacct --json -u nosuch
c json-none sacct --json -j 999999
for u in alice bob carol; do scancel -u $u >/dev/null 2>&1; done
