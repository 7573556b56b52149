#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about 20 s.
# Records into cases/ how squeue and scontrol print the memory and disk a job asks for:
# scaled (3G) or, with squeue --noconvert, in MB as stored (3072M); and what the controller
# makes of --mem-per-cpu=0 (all of each node's memory, as --mem=0) and --mem-per-gpu=0.
# Each job is submitted held, shown, and cancelled; sinfo's amounts close the run.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null; }
# Submit held with these options; show the job every way, then cancel it.
held() {
  local name=$1; shift
  local id
  cu "$name-sbatch" alice sbatch -H "$@" --wrap=true >"$OUT"
  id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
  [ -n "$id" ] || return 0
  c "$name-show" scontrol show job "$id" >/dev/null
  c "$name-squeue" squeue -j "$id" -o '%i %m %d' >/dev/null
  c "$name-squeue-noconvert" squeue --noconvert -j "$id" -o '%i %m %d' >/dev/null
  c "$name-squeue-O-noconvert" squeue --noconvert -j "$id" -O 'JobID,MinMemory,MinTmpDisk' >/dev/null
  cu "$name-scancel" alice scancel "$id" >/dev/null
}

held mem-per-cpu --mem-per-cpu=3G --tmp=10G
held mem-per-cpu-mb --mem-per-cpu=1500
held mem --mem=100G -N 2
held mem-zero --mem=0
held mem-per-cpu-zero --mem-per-cpu=0
held mem-per-gpu-zero --mem-per-gpu=0 -G 1
held mem-per-gpu --mem-per-gpu=20G -G 2
held default-mem -n 2
held tmp-mb --tmp=700
for nc in '' --noconvert; do
  c sinfo-memory sinfo $nc -o '%P %m %d %z'
  c sinfo-N-memory sinfo $nc -N -O 'NodeList,Memory,AllocMem'
done
