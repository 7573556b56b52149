#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about half a minute. Records into cases/ scontrol update NodeName=... for what is not a
# node's state: Weight, Features/AvailableFeatures/ActiveFeatures, Comment and Extra. The
# refusals (a user, weights scontrol does not take, active features not among the
# available ones), each change as scontrol show node and sinfo show it, and what it does
# to jobs submitted after (a lighter node is used first; --constraint follows the active
# features). Weights and features come back from slurm.conf when the oracle restarts
# (stop.sh, setup.sh: do that after recording); comments and extras are cleared here.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scontrol update NodeName=dgx[1-4] Comment= Extra= Weight=1' EXIT
scontrol update NodeName=dgx[1-4] Comment= Extra=
c() { local who=$1 nm=$2; shift 2; n=$((n+1)); timeout 20 $C -u "$who" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
r() { c root "$@"; }
a() { c alice "$@"; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
F='%N %w %f %b'
# Refusals
a user-weight scontrol update NodeName=dgx4 Weight=3
a user-comment scontrol update NodeName=dgx4 Comment=mine
r weight-abc scontrol update NodeName=dgx4 Weight=abc
r weight-negative scontrol update NodeName=dgx4 Weight=-1
r weight-suffix scontrol update NodeName=dgx4 Weight=7x
r weight-too-big scontrol update NodeName=dgx4 Weight=4294967281
r weight-empty scontrol update NodeName=dgx4 Weight=
r weight-bad-after-comment scontrol update NodeName=dgx4 Comment=kept Weight=abc Extra=dropped
r weight-bad-after-comment-show scontrol show node dgx4
r active-not-available scontrol update NodeName=dgx4 ActiveFeatures=nvlink
r unknown-node-weight scontrol update NodeName=dgx9 Weight=2
r unchanged-sinfo sinfo -N -o "$F"
# Weight
r weight scontrol update NodeName=dgx4 Weight=5
r weight-show scontrol show node dgx4
r weight-sinfo sinfo -N -o "$F"
r weight-sinfo-default sinfo -o '%P %a %D %t %w %N'
r weight-hex scontrol update NodeName=dgx3 Weight=0x10
r weight-k scontrol update NodeName=dgx2 Weight=2k
r weight-zero scontrol update NodeName=dgx1 Weight=0
r weight-prefix scontrol update nodename=dgx1 w=0
r weights-sinfo sinfo -N -o "$F"
r weights-sinfo-debug sinfo -o '%N %w' -p debug
a weight-lightest sbatch -t 5 -G 1 --wrap='sleep 60'
J1=$(id)
r weight-order scontrol update NodeName=dgx1 Weight=100
a weight-next sbatch -t 5 -G 1 --wrap='sleep 60'
J2=$(id)
a weight-whole sbatch -t 5 -N 2 --exclusive --wrap='sleep 60'
J3=$(id)
sleep 3
r weight-squeue squeue -o '%i %T %N'
a weight-cancel scancel $J1 $J2 $J3
r weight-unlimited scontrol update NodeName=dgx1 Weight=UNLIMITED
r weight-unlimited-sinfo sinfo -N -n dgx1 -o "$F"
r weight-unlimited-sinfo-O sinfo -N -n dgx1 -O NodeList,Weight
r weight-unlimited-show scontrol show node dgx1
r weight-large scontrol update NodeName=dgx1 Weight=123456789
r weight-large-sinfo sinfo -n dgx1 -o '%N %w'
r weight-back scontrol update NodeName=dgx[1-4] Weight=1
# Features
r features scontrol update NodeName=dgx4 Features=nvlink
r features-show scontrol show node dgx4
r features-sinfo sinfo -N -o "$F"
a constraint sbatch -t 5 -G 1 -C nvlink --wrap='sleep 60'
J1=$(id)
a constraint-unknown sbatch -t 5 -G 1 -C ib --wrap='sleep 60'
sleep 3
r constraint-squeue squeue -o '%i %T %f %N'
a constraint-cancel scancel $J1
r available-and-active scontrol update NodeName=dgx[3-4] AvailableFeatures=ib,nvlink ActiveFeatures=ib
r available-and-active-sinfo sinfo -N -o "$F"
r available-and-active-show scontrol show node dgx3
a constraint-inactive sbatch -t 5 -G 1 -C nvlink --wrap='sleep 60'
J1=$(id)
a constraint-active sbatch -t 5 -G 1 -C ib --wrap='sleep 60'
J2=$(id)
sleep 3
r constraint-active-squeue squeue -o '%i %T %f %N %r'
r constraint-activate scontrol update NodeName=dgx4 ActiveFeatures=ib,nvlink
sleep 4
r constraint-activate-squeue squeue -o '%i %T %f %N %r'
a constraint-active-cancel scancel $J1 $J2
r available-drops-active scontrol update NodeName=dgx3 Features=nvlink
r available-drops-active-sinfo sinfo -N -o "$F"
r active-cleared scontrol update NodeName=dgx3 ActiveFeatures=
r active-cleared-show scontrol show node dgx3
r active-cleared-sinfo sinfo -N -o "$F"
r features-cleared scontrol update NodeName=dgx3 Features=
r features-cleared-show scontrol show node dgx3
r features-refused-middle scontrol update NodeName=dgx[2-4] Features=ib Comment=set
r features-refused-middle-sinfo sinfo -N -o "$F"
r features-refused-middle-comments sinfo -N -O 'NodeList,Comment'
r features-with-state scontrol update NodeName=dgx2 Features=gpu State=DRAIN Reason=maint
r features-with-state-sinfo sinfo -N -o "$F %t %E"
r features-with-state-resume scontrol update NodeName=dgx2 State=RESUME
# Comment and Extra
r comment scontrol update NodeName=dgx1 Comment='two words' Extra=rack=7
r comment-show scontrol show node dgx1
r comment-show-one-line scontrol show node dgx1 -o
r comment-sinfo sinfo -N -O 'NodeList,Comment,Extra'
r comment-prefix scontrol update NodeName=dgx1 co=again ex=
r comment-prefix-show scontrol show node dgx1
r comment-cleared scontrol update NodeName=dgx1 Comment=
r comment-cleared-show scontrol show node dgx1
# A list walked in hostlist order: the nodes before a name that is no node are changed.
r list-unknown-last scontrol update 'NodeName=dgx[3-5]' Comment=x
r list-unknown-first scontrol update 'NodeName=dgx9,dgx1' Comment=y
r list-unknown-comments sinfo -N -O 'NodeList,Comment'
r list-unknown-drain scontrol update 'NodeName=dgx[3-5]' State=DRAIN Reason=r
r list-unknown-drain-sinfo sinfo -N -o '%N %T %E'
r list-resume-some scontrol update 'NodeName=dgx[1-4]' State=RESUME
r list-resume-some-sinfo sinfo -N -o '%N %T %E'
r list-clear scontrol update 'NodeName=dgx[1-4]' Comment=
