#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about two minutes. Records into cases/ what becomes of a batch job whose files cannot be
# opened when it starts (an output or error file in a directory that does not exist, a
# working directory or an input file that does not), shown right after its start, in
# squeue, sacct and sinfo; a job whose files open is recorded beside them.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }
rm -f "$GOLDEN_DIR"/*.txt
JOBS=/tmp/slurm-oracle-jobs
rm -rf "$JOBS/nodir" "$JOBS/nofile.txt" "$JOBS/launch-logs"
install -m 0644 -o alice "$HERE/train-logs.sh" "$JOBS/train-logs.sh"
C=/work/shared/oracle/capture.sh
n=0
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
case_of() {  # case_of NAME SBATCH-ARGS...: submitted, shown once its start is past
  local nm=$1; shift
  c "$nm" sbatch "$@"
  ID=$(id)
  sleep 4  # past slurmsim's first pass too (TRIGGER_DELAY, 2 s)
  c "$nm-show" scontrol show job "$ID"
  c "$nm-squeue" squeue -t all -j "$ID" -o '%.8i %.9P %.10j %.8u %.9T %.10M %.6D %R'
  c "$nm-sacct" sacct -X -j "$ID" -P -o JobID,JobName,State,ExitCode,Elapsed,NodeList
  c "$nm-sinfo" sinfo
  scancel "$ID" 2>/dev/null
  sleep 1
}
case_of output-dir -t 5 -o nodir/x.out --wrap='sleep 300'
case_of error-dir -t 5 -e nodir/x.err --wrap='sleep 300'
case_of workdir -t 5 -D /nonexistent --wrap='sleep 300'
case_of input -t 5 -i nofile.txt --wrap='sleep 300'
case_of two-nodes -t 5 -N 2 --gres=gpu:1 -o 'nodir/%j.out' --wrap='sleep 300'
case_of script-logs train-logs.sh
case_of opens -t 5 -o 'launch-%j.out' --wrap='sleep 300'
c array sbatch -t 5 --array=0-1 -o 'nodir/%A_%a.out' --wrap='sleep 300'
ID=$(id)
sleep 4
c array-squeue squeue -t all -j "$ID" -o '%.10i %.9T %.10M %R'
c array-sacct sacct -X -j "$ID" -P -o JobID,State,ExitCode,Elapsed
scancel "$ID" 2>/dev/null
rm -f "$JOBS"/launch-*.out
