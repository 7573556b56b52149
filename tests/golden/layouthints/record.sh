#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ what a held job asks for when submitted with --hint
# (alone and beside the options it yields to), with -B and no task count (a task for each
# socket x core x thread), and with --cpu-freq (shown as asked; the values sbatch refuses).
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
held() {  # held NAME SBATCH-ARGS...: a held job, shown, then cancelled
  local nm=$1; shift
  c "$nm" sbatch -H -t 5 "$@" --wrap='sleep 100'
  ID=$(id)
  [ -n "$ID" ] || return
  c "$nm-show" scontrol show job "$ID"
  c "$nm-cancel" scancel "$ID"
}
held hint-compute --hint=compute_bound
held hint-memory --hint=memory_bound -c 4
held hint-multi --hint=multithread
held hint-nomulti --hint=nomultithread
held hint-words --hint=Memory_Bound,nomultithread
held hint-threads --hint=compute_bound --threads-per-core=2
held hint-per-core --hint=compute_bound --ntasks-per-core=2
held hint-cores --hint=memory_bound --cores-per-socket=4
held hint-sockets --hint=compute_bound --sockets-per-node=2
held hint-nodes --hint=memory_bound -N 2
held b-alone -B 2:4
held b-threads -B 2:4:1
held b-sockets -B 2
held b-cpus -B 2:4 -c 2
held b-ntasks -B 2:4 -n 3
held b-per-node -B 2:4 --ntasks-per-node=2
held b-range -B 2:4 -N 1-2
held b-hint -B 2:4 --hint=nomultithread
held sc-alone --sockets-per-node=2 --cores-per-socket=4
held freq-high --cpu-freq=high
held freq-range --cpu-freq=low-high
held freq-numbers --cpu-freq=1000-2000
held freq-gov --cpu-freq=userspace
held freq-all --cpu-freq=med-himx:onde
held freq-digits --cpu-freq=2.5GHz
c freq-bogus sbatch -H --cpu-freq=bogus --wrap=true
c freq-empty sbatch -H --cpu-freq= --wrap=true
c freq-zero sbatch -H --cpu-freq=0 --wrap=true
c freq-gov-no-max sbatch -H --cpu-freq=high:performance --wrap=true
c freq-down sbatch -H --cpu-freq=high-low --wrap=true
c freq-gov-range sbatch -H --cpu-freq=performance-high --wrap=true
c freq-gov-twice sbatch -H --cpu-freq=perf:ondemand --wrap=true
c freq-gov-twice-denied sbatch -H --cpu-freq=conservative:x --wrap=true
c freq-bad-gov sbatch -H --cpu-freq=low-high:bogus --wrap=true
c freq-denied sbatch -H --cpu-freq=schedutil --wrap=true
c freq-denied-range sbatch -H --cpu-freq=low-high:co --wrap=true
