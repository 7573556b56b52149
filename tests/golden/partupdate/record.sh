#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about a minute. Records into cases/ scontrol update PartitionName=...: the refusals
# (a user, an unknown partition, values and keys scontrol does not take), and changes of
# state, limits, defaults, access, priority, visibility and nodes, each seen in sinfo,
# scontrol show partition and what becomes of jobs submitted after. Every partition is
# set back as slurm.conf has it at the end.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; for p in tmp tmp3 tmp4 tmp5; do scontrol delete PartitionName=$p 2>/dev/null; done; scontrol update PartitionName=debug MaxTime=2:00:00 DefaultTime=30 State=UP Default=NO Hidden=NO Nodes=dgx[1-4] AllowAccounts=ALL AllowQos=ALL PriorityTier=1 PriorityJobFactor=2 MaxNodes=UNLIMITED; scontrol update PartitionName=gpu Default=YES MaxNodes=UNLIMITED State=UP' EXIT
c() { local who=$1 nm=$2; shift 2; n=$((n+1)); timeout 20 $C -u "$who" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
r() { c root "$@"; }
a() { c alice "$@"; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
# Refusals
a user-refused scontrol update PartitionName=debug MaxTime=1:00:00
r unknown scontrol update PartitionName=nosuch State=UP
r maxtime-abc scontrol update PartitionName=debug MaxTime=abc
r unknown-key scontrol update PartitionName=debug Foo=bar
r state-bogus scontrol update PartitionName=debug State=BOGUS
r nothing scontrol update PartitionName=debug
r no-value scontrol update PartitionName=debug MaxTime
r default-maybe scontrol update PartitionName=debug Default=maybe
r hidden-x scontrol update PartitionName=debug Hidden=x
r defaulttime-abc scontrol update PartitionName=debug DefaultTime=abc
r prio-abc scontrol update PartitionName=debug PriorityTier=abc
r show-unchanged scontrol show partition debug
# Limits
r maxtime scontrol update PartitionName=debug MaxTime=1:00:00
r maxtime-show scontrol show partition debug
r maxtime-sinfo sinfo
a over-maxtime sbatch -p debug -t 90 --wrap='sleep 60'
J=$(id)
r over-maxtime-squeue squeue -o '%i %P %T %l %R'
a over-maxtime-cancel scancel "$J"
r maxtime-prefix scontrol update partition=debug maxt=1:30:00 defaultt=10
r maxtime-prefix-show scontrol show partition debug
a defaulttime sbatch -H -p debug --wrap='sleep 60'
J=$(id)
a defaulttime-show scontrol show job "$J"
a defaulttime-cancel scancel "$J"
r maxnodes scontrol update PartitionName=gpu MaxNodes=1
a maxnodes-sbatch sbatch -N 2 -t 5 --wrap='sleep 60'
J=$(id)
sleep 3
r maxnodes-squeue squeue -o '%i %P %T %D %R'
r maxnodes-show scontrol show partition gpu
r maxnodes-back scontrol update PartitionName=gpu MaxNodes=UNLIMITED
sleep 3
r maxnodes-back-squeue squeue -o '%i %P %T %D %R'
a maxnodes-cancel scancel "$J"
# State
r down scontrol update PartitionName=debug State=DOWN
r down-sinfo sinfo
a down-sbatch sbatch -p debug -t 5 --wrap='sleep 60'
J=$(id)
sleep 3
r down-squeue squeue -o '%i %P %T %R'
r down-show scontrol show partition debug
r drain scontrol update PartitionName=debug State=DRAIN
r drain-sinfo sinfo
a drain-sbatch sbatch -p debug -t 5 --wrap='sleep 60'
r inactive scontrol update PartitionName=debug State=INACTIVE
r inactive-sinfo sinfo
r inactive-show scontrol show partition debug
a inactive-sbatch sbatch -p debug -t 5 --wrap='sleep 60'
a inactive-sbatch-list sbatch -p debug,gpu -t 5 --wrap='sleep 60'
K=$(id)
r up scontrol update PartitionName=debug State=UP
sleep 4
r up-squeue squeue -o '%i %P %T %R'
a up-cancel scancel "$J" "$K"
r state-prefix scontrol update PartitionName=debug state=d
r state-prefix-sinfo sinfo
r state-up-again scontrol update PartitionName=debug State=UP
# Defaults, access, priority, visibility, nodes
r default scontrol update PartitionName=debug Default=YES
r default-sinfo sinfo
a default-sbatch sbatch -H --wrap='sleep 60'
J=$(id)
a default-show scontrol show job "$J"
a default-cancel scancel "$J"
r default-back scontrol update PartitionName=gpu Default=YES
r default-back-sinfo sinfo
r priority scontrol update PartitionName=debug PriorityTier=5 PriorityJobFactor=3
r priority-show scontrol show partition debug
r hidden scontrol update PartitionName=debug Hidden=YES
r hidden-sinfo sinfo
r hidden-sinfo-a sinfo -a
r hidden-show scontrol show partition
a hidden-sinfo-user sinfo
a hidden-sinfo-user-a sinfo -a
a hidden-show-user scontrol show partition
a hidden-show-user-a scontrol -a show partition
a hidden-sbatch sbatch -H -p debug -t 5 --wrap='sleep 60'
J=$(id)
a hidden-sbatch-list sbatch -H -p debug,gpu -t 5 --wrap='sleep 60'
K=$(id)
a hidden-squeue-user squeue
a hidden-squeue-user-a squeue -a
a hidden-squeue-user-p squeue -p debug
a hidden-squeue-user-j squeue -j "$J"
r hidden-squeue-root squeue
a hidden-sinfo-user-p sinfo -p debug
a hidden-cancel scancel "$J" "$K"
r hidden-back scontrol update PartitionName=debug Hidden=NO
r nodes scontrol update PartitionName=debug Nodes=dgx[1-2]
r nodes-sinfo sinfo
r nodes-show scontrol show partition debug
r nodes-unknown scontrol update PartitionName=debug Nodes=nosuch
r nodes-back scontrol update PartitionName=debug Nodes=dgx[1-4]
r accounts scontrol update PartitionName=debug AllowAccounts=product
r accounts-show scontrol show partition debug
a accounts-sbatch sbatch -p debug -t 5 --wrap='sleep 60'
J=$(id)
sleep 3
r accounts-squeue squeue -o '%i %P %T %R'
r accounts-back scontrol update PartitionName=debug AllowAccounts=ALL
a accounts-cancel scancel "$J"
r qos scontrol update PartitionName=debug AllowQos=high
a qos-sbatch sbatch -p debug -t 5 --wrap='sleep 60'
J=$(id)
a qos-list-sbatch sbatch -p debug,gpu -t 5 --wrap='sleep 60'
K=$(id)
sleep 3
r qos-squeue squeue -o '%i %P %T %R'
r qos-back scontrol update PartitionName=debug AllowQos=ALL
a qos-cancel scancel "$J" "$K"
# Partitions made and removed
a create-user scontrol create PartitionName=tmp Nodes=dgx[1-2]
r create scontrol create PartitionName=tmp Nodes=dgx[1-2] MaxTime=30
r create-show scontrol show partition tmp
r create-sinfo sinfo
r create-again scontrol create PartitionName=tmp Nodes=dgx1
r create-bad-value scontrol create PartitionName=tmp5 MaxTime=abc
r create-no-nodes scontrol create PartitionName=tmp3
r create-no-nodes-sinfo sinfo
a create-sbatch sbatch -H -p tmp -t 5 --wrap='sleep 60'
J=$(id)
r delete-in-use scontrol delete PartitionName=tmp
a delete-user scontrol delete PartitionName=tmp3
r delete-unknown scontrol delete PartitionName=nosuch
a create-cancel scancel "$J"
r delete scontrol delete PartitionName=tmp
r delete-words scontrol delete partition tmp3
r delete-sinfo sinfo
r create-bad-nodes scontrol create PartitionName=tmp4 Nodes=nosuch
r create-bad-nodes-sinfo sinfo
r delete-bad-nodes scontrol delete PartitionName=tmp4
r restore scontrol update PartitionName=debug MaxTime=2:00:00 DefaultTime=30 PriorityTier=1 PriorityJobFactor=2
r restore-show scontrol show partition
