#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding
# the oracle lock; a few seconds. Records into cases/, as alice, how sbatch (and, refusing,
# srun and salloc) reads options
# given an empty value (`--partition=`), the values it checks itself for options slurmsim
# only keeps (--distribution, --gres-flags, --gpu-bind, --cpu-freq, --mem-bind, ...), the
# other spellings of options (--tasks-per-node, --cluster) and which abbreviations are
# ambiguous. Every job is submitted held and cancelled at the end.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
sb() { local nm=$1; shift; c "$nm" sbatch -H "$@" --wrap=true; }
show() { local id; id=$(sed -n 's/^Submitted batch job \([0-9]*\).*/\1/p' "$OUT"); [ -n "$id" ] && c "$1-show" scontrol show job "$id"; }

# Empty values.
for o in partition account qos gres gpus gpus-per-node gpus-per-task gpus-per-socket begin \
         array reservation distribution gres-flags delay-boot switches gpu-bind gpu-freq \
         cpu-freq mem-bind core-spec wait-all-nodes; do
  sb "empty-$o" "--$o="
done
sb empty-constraint --constraint=
show empty-constraint
# Values sbatch checks itself.
for v in foo arbitrary 'arbitrary -w dgx1' plane plane=x plane=4 Block block:cyclic:fcyclic \
         '*:block' block,Pack block:foo cyclic:cyclic:cyclic:cyclic; do
  sb distribution $v
done
for v in foo enforce-binding Enforce-Binding enforce-binding,disable-binding; do sb gres-flags "--gres-flags=$v"; done
for v in foo closest verbose,closest single:1 map_gpu:0,1 none; do sb gpu-bind "--gpu-bind=$v"; done
for v in foo high medium,memory=high 1000; do sb gpu-freq "--gpu-freq=$v"; done
for v in foo high low-high:ondemand 2000000; do sb cpu-freq "--cpu-freq=$v"; done
for v in foo local verbose,local map_mem:0,1; do sb mem-bind "--mem-bind=$v"; done
for v in x 5:00; do sb delay-boot "--delay-boot=$v"; done
for v in x 0 2 2@1:00; do sb switches "--switches=$v"; done
sb core-spec -S 2
# Other spellings, and abbreviations.
sb tasks-per-node -N 2 --tasks-per-node=2
show tasks-per-node
sb cluster --cluster=dgxcluster
sb ntasks-per-tres --ntasks-per-tres=1 -G 2
for a in --clus=x --b=1 --c=1 --g=1 --t=1 --th=1 --n=1 --threads=2; do sb abbrev "$a"; done
# srun and salloc read the same options: their refusals.
for a in --gres= --partition= --account= --distribution=foo -N2-x --gpu-bind=foo; do
  c srun-refused srun "$a" true
  c salloc-refused salloc "$a" true
done
# --uid and --gid are root's: refused to a user, even naming herself, before a job id.
sb uid --uid=bob
sb gid --gid=bob
sb uid-self --uid=1001
c srun-uid srun --uid=bob true
c salloc-uid salloc --uid=bob true
# srun's own client settings and salloc's --get-user-env / --wait-all-nodes.
for a in -X -E --msg-timeout=5 --msg-timeout=0 --send-libs --send-libs=No --send-libs=maybe \
  -T2 --threads=x --th=1 --d=1 --p=1 --s=1 --m=1 --t=1 --pack-group=0; do
  c srun-client srun -t 1 "$a" true
done
for a in --get-user-env --wait-all-nodes=1 --wait-all-nodes=x --g=1 --w=1; do
  c salloc-client salloc -t 1 "$a" true
done
c scancel scancel -u alice
