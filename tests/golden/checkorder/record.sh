#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; under a minute. Records into cases/ which refusal sbatch gives when a
# submission is wrong in two ways at once: the client's own checks (begin against
# deadline, GRES names against GresTypes) come first, then the controller's in its order:
# nice and array, required nodes (-w; excluded ones come later), names given empty, the
# partition, account and QOS. A GRES of count 0 passes whatever its name. And how -M
# reads a list of clusters: as a hostlist, or word by word when it cannot.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
s() { local nm=$1; shift; a "$nm" sbatch -H "$@" --wrap=true; }
s node-partition -w nosuch -p nosuch
s node-account -w nosuch -A nosuch
s node-qos -w nosuch -q nosuch
s node-gpus -w nosuch --gres=gpu:99
s node-time -w nosuch -t 99-0
s node-mem -w nosuch --mem=99T
s node-count -w nosuch -N 5
s node-reservation -w nosuch --reservation=nosuch
s node-constraint -w nosuch -C badfeat
s node-list -w dgx1,nosuch
s node-empty-partition -w nosuch --partition=
s node-empty-account -w nosuch --account=
s node-license -w nosuch -L foo
s node-deadline-past -w nosuch --deadline=2020-01-01
s node-partition-list -w nosuch -p gpu,nosuch
s node-nice -w nosuch --nice=-5
s node-array -w nosuch --array=0-99999
s node-reboot -w nosuch --reboot
s exclude-partition -x nosuch -p nosuch
s both-partition -w dgx1 -x dgx1 -p nosuch
s both -w dgx1 -x dgx1
s empty-partition-nice --partition= --nice=-5
s empty-partition-array --partition= --array=0-99999
s deadline-nice --begin=now+60 --deadline=now+30 --nice=-5
s deadline-empty-partition --begin=now+60 --deadline=now+30 --partition=
s deadline-gres --begin=now+60 --deadline=now+30 --gres=dcu:1
s deadline-node -w nosuch --begin=now+60 --deadline=now+30
s gres-name --gres=dcu:1
s gres-partition --gres=dcu:1 -p nosuch
s gres-qos --gres=craynetwork:2 -q nosuch
s gres-second --gres=gpu:h100:1,dcu:1
s gres-nice --gres=dcu:1 --nice=-5
s gres-array --gres=dcu:1 --array=0-99999
s gres-empty-partition --gres=dcu:1 --partition=
s gres-reboot --gres=dcu:1 --reboot
s gres-node --gres=dcu:1 -w nosuch
s gres-case --gres=GPU:1
s gres-mps --gres=mps:1
s gres-typed-partition --gres=gpu:a100:1 -p nosuch
held gres-zero --gres=dcu:0
held gres-zero-gpu --gres=gpu:1,dcu:0
a clusters-range sbatch -H -M '[cluster]' --wrap=true
a clusters-hostlist sbatch -H -M 'a[1-2]' --wrap=true
a clusters-bracket sbatch -H -M '[' --wrap=true
a clusters-mixed sbatch -H -M 'x,[y]' --wrap=true
a clusters-squeue squeue -M 'b[1-3]'
