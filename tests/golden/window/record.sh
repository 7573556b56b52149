#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about 15 s. Records into cases/, as alice, which jobs sacct lists in a time
# window (-S, -E) with and without job ids: a job held and cancelled (never eligible), one
# that ran to its end and one still running. Cancelled after.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }
# The queries by user look one minute back: no job of alice's may have been there.
[ -z "$(sacct -n -X -u alice -S now-2minutes)" ] ||
  { echo "alice had jobs in the last two minutes: record later" >&2; exit 1; }
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
n=0
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\).*/\1/p' "$OUT"; }
c sbatch-held sbatch -H -J held -t 5 --wrap=true; held=$(id)
c sbatch-run sbatch -J run -t 5 --wrap='sleep 120'; run=$(id)
c sbatch-quick sbatch -J quick -t 5 -o /dev/null --wrap=true; quick=$(id)
sleep 4
c scancel-held scancel "$held"
sleep 3
F=jobid,jobname,state,exitcode
day=$(date +%F)
c sacct-jobs-since sacct -X -P -o "$F" -S "$day" -j "$held,$run,$quick"
c sacct-jobs-window sacct -X -P -o "$F" -S now-10minutes -E now -j "$held,$run,$quick"
c sacct-jobs-nowindow sacct -X -P -o "$F" -j "$held,$run,$quick"
c sacct-jobs-before sacct -X -P -o "$F" -S now-10minutes -E now-5minutes -j "$held,$run,$quick"
c sacct-user-since sacct -X -P -o "$F" -S now-1minutes -u alice
c sacct-user-window sacct -X -P -o "$F" -S now-1minutes -E now -u alice
c sacct-user-states sacct -X -P -o "$F" -S now-1minutes -s CA,CD -u alice
# States in a window: -j with -s asks from the epoch until now; a job that ran and ended
# was running in it, and one that started was pending before.
c sacct-jobs-state-run sacct -X -P -o "$F" -s R -j "$held,$run,$quick"
c sacct-jobs-state-pd sacct -X -P -o "$F" -s PD -j "$held,$run,$quick"
c sacct-jobs-state-ended sacct -X -P -o "$F" -s CD,CA -j "$held,$run,$quick"
# Allocated nodes and CPUs: N exactly, or N-M.
c sacct-jobs-nnodes sacct -X -P -o "$F" -i 1 -j "$held,$run,$quick"
c sacct-jobs-ncpus-range sacct -X -P -o "$F" -I 2-4 -j "$held,$run,$quick"
c sacct-jobs-nnodes-bad sacct -X -P -o "$F" -i 1-x -j "$held,$run,$quick"
c scancel scancel "$run"
# Time limits (-k alone: that very limit; with -K: a range; UNLIMITED the largest; no time
# is refused), on held jobs named by id.
ids=
for t in 5 10 60 UNLIMITED; do
  c "sbatch-limit-$t" sbatch -H -J "tl$t" -t "$t" -o /dev/null --wrap=true; ids="$ids${ids:+,}$(id)"
done
# slurmdbd has new jobs some seconds after sbatch returns: wait until it lists them all.
in_db() { for _ in $(seq 30); do [ "$(sacct -n -X -P -j "$1" -o jobid | wc -l)" -ge "$2" ] && return; sleep 1; done; }
in_db "$ids" 4
L=jobname,timelimit,timelimitraw
for a in "-k 10" "-k 10 -K 60" "-K 60" "-k 6 -K 59" "-k UNLIMITED" "-k 10 -K UNLIMITED" "-k 0" \
  "-k 10 -K 0" "-k x"; do
  # shellcheck disable=SC2086 # the options split into words
  c sacct-limits sacct -X -P -o "$L" -j "$ids" $a
done
# Reserved (eligible to start), ResvCPU, QOSRAW and WCKeyID: held jobs were never eligible,
# one that begins in an hour is not yet (INVALID, and its raw count wraps).
held=$ids
c sbatch-later sbatch -J later --begin=now+1hour -t 5 -o /dev/null --wrap=true; ids="$ids,$(id)"
in_db "$ids" 5
c sacct-reserved sacct -X -P -o jobname,reserved,resvcpu,qosraw,wckeyid -j "$ids"
# (the later job's raw count depends on the very second sacct ran: left out)
c sacct-resvcpuraw sacct -X -P -o jobname,resvcpuraw -j "$held"
c scancel-limits scancel -u alice
