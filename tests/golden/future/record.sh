#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about twenty seconds. Records into cases/ scontrol update NodeName=... State=FUTURE: a node
# taken out of the cluster's view (sinfo and scontrol show node leave it out, scontrol -F
# shows it) and out of service, what jobs that need it are told, which nodes may be set so,
# and State=RESUME bringing it back.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice; scontrol update NodeName=dgx[1-4] State=RESUME 2>/dev/null' EXIT
c() { local who=$1 nm=$2; shift 2; n=$((n+1)); timeout 20 $C -u "$who" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
r() { c root "$@"; }
a() { c alice "$@"; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
a user scontrol update NodeName=dgx4 State=FUTURE
r future scontrol update NodeName=dgx4 State=FUTURE
r sinfo sinfo
r sinfo-N sinfo -N -o '%N %T %E'
r sinfo-t sinfo -t future
r sinfo-n sinfo -N -n dgx4
r show scontrol show node dgx4
r show-F scontrol -F show node dgx4
r show-partition scontrol show partition gpu
a sbatch sbatch -t 5 -N 4 --wrap='sleep 60'
J=$(id)
a sbatch-w sbatch -t 5 -w dgx4 --wrap='sleep 60'
K=$(id)
sleep 4
r squeue squeue -o '%i %T %r'
a cancel scancel $J $K
a busy sbatch -t 5 -w dgx3 --wrap='sleep 60'
B=$(id)
sleep 4
r busy-future scontrol update NodeName=dgx3 State=FUTURE
r busy-sinfo sinfo -N -o '%N %T %E'
a busy-cancel scancel $B
r drained scontrol update NodeName=dgx2 State=DRAIN Reason=maint
r drained-future scontrol update NodeName=dgx2 State=FUTURE
r drained-future-sinfo sinfo -N -o '%N %T %E'
r resume scontrol update NodeName=dgx4 State=RESUME
r resume-sinfo sinfo -N -o '%N %T %E'
sleep 3
r resume-later-sinfo sinfo -N -o '%N %T %E'
r resume-drained scontrol update NodeName=dgx2 State=RESUME
r resume-drained-sinfo sinfo -N -o '%N %T %E'
