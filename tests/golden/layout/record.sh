#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about 30 s.
# Records what sbatch and the controller make of the node layout options into cases/: -B
# (--extra-node-info) and --sockets-per-node, --cores-per-socket, --threads-per-core, and
# --gpus-per-socket, which needs a socket count. Each job is submitted held (only what Slurm
# decides at submission shows), shown with scontrol show job and squeue, and cancelled; the
# refusals are made without -H, since a held job is not checked against the nodes.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
SQ='%i|%D|%C|%H|%I|%J|%z|%b'
n=0
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null; }
# Submit held with these options; show and cancel the job if it was accepted.
held() {
  local name=$1; shift
  local id
  cu "$name-sbatch" alice sbatch -H "$@" --wrap=true >"$OUT"
  id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
  [ -n "$id" ] || return 0
  c "$name-show" scontrol show job "$id" >/dev/null
  c "$name-squeue" squeue -j "$id" -o "$SQ" >/dev/null
  cu "$name-scancel" alice scancel "$id" >/dev/null
}
refused() { local name=$1; shift; cu "$name" alice sbatch -t 5 "$@" --wrap=true >/dev/null; }

held gpus-per-socket-n1 -N1 --sockets-per-node=2 --gpus-per-socket=2
held gpus-per-socket-n2 -N2 --sockets-per-node=2 --gpus-per-socket=2
held gpus-per-socket-ntasks -N1 -n1 --sockets-per-node=2 --gpus-per-socket=2
held gpus-per-socket-range -N1-2 --sockets-per-node=2 --gpus-per-socket=2
held gpus-per-socket-no-n --sockets-per-node=2 --gpus-per-socket=2
held gpus-per-socket-typed -N1 --sockets-per-node=2 --gpus-per-socket=h100:2
held gpus-per-socket-cpus -N1 -c 4 --sockets-per-node=2 --gpus-per-socket=2
held sockets-alone -N1 --sockets-per-node=2
held sockets-per-node-tasks -N1 --ntasks-per-node=1 --sockets-per-node=2
held sockets-gres -N2 --sockets-per-node=2 --gres=gpu:2
held cores-alone -N1 --cores-per-socket=4
held threads-alone -N1 --threads-per-core=2
held b-sockets-cores -N1 -B 2:4
held b-any-sockets -N1 '-B*:4'
held b-threads -N1 -B 2::4
held b-range -N1 -B 2-3
held b-extra-field -N1 -B 2:4:1:x
held b-then-sockets -N1 -B 2 --sockets-per-node=1
held sockets-then-b -N1 --sockets-per-node=1 -B 2
held sockets-too-many-held -N1 --sockets-per-node=3
cu err-gpus-per-socket-alone alice sbatch -H -N1 --gpus-per-socket=2 --wrap=true >/dev/null
cu err-b-first alice sbatch -H -N1 -B x --wrap=true >/dev/null
cu err-b-second alice sbatch -H -N1 -B 2:x --wrap=true >/dev/null
cu err-sockets-zero alice sbatch -H -N1 --sockets-per-node=0 --wrap=true >/dev/null
cu err-cores-word alice sbatch -H -N1 --cores-per-socket=x --wrap=true >/dev/null
cu err-threads-word alice sbatch -H -N1 --threads-per-core=y --wrap=true >/dev/null
cu err-ntasks-per-socket-word alice sbatch -H -N1 --ntasks-per-socket=x --wrap=true >/dev/null
cu err-ntasks-per-core-word alice sbatch -H -N1 --ntasks-per-core=x --wrap=true >/dev/null
refused refused-sockets -N1 --sockets-per-node=3
refused refused-sockets-no-n --sockets-per-node=3
refused refused-cores -N1 --cores-per-socket=57
refused refused-threads -N1 --threads-per-core=2
refused refused-gpus-per-socket -N1 --sockets-per-node=2 --gpus-per-socket=9
