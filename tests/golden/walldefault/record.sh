#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; under a
# minute. Records into cases/ the time limit a job without --time takes in a partition with
# no DefaultTime: its QOS's MaxWall, else its association's, else the partition's MaxTime
# (UNLIMITED when it has none). alice's held jobs in partitions "nodef" (no MaxTime) and
# "nodef10" (MaxTime=10), under her own QOS "mw" (MaxWall=30) and normal; everything made
# here is removed at the end.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
sb() { local nm=$1; shift; cu "$nm" alice sbatch -H -J "$nm" "$@" --wrap=true; }

c create-nodef scontrol create PartitionName=nodef Nodes=dgx[1-4]
c create-nodef10 scontrol create PartitionName=nodef10 Nodes=dgx[1-4] MaxTime=10
c add-qos sacctmgr -i add qos mw MaxWall=30
c grant sacctmgr -i modify user alice where account=research set qos+=mw
sb qos-wall -p nodef -q mw
sb no-wall -p nodef
sb under-part-max -p nodef10 -q mw
sb own-time -p nodef -q mw -t 45
c assoc-wall sacctmgr -i modify user alice where account=research set MaxWall=20
sb assoc -p nodef
sb qos-over-assoc -p nodef -q mw
sb default-part-unchanged -q mw
c squeue squeue -u alice -o '%j %P %q %l %r' -S i
c show-qos-wall scontrol show job -o "$(squeue -h -u alice -n qos-wall -o %i)"
cu cancel alice scancel -u alice
c assoc-clear sacctmgr -i modify user alice where account=research set MaxWall=-1
c revoke sacctmgr -i modify user alice where account=research set qos-=mw
c delete-qos sacctmgr -i delete qos mw
c delete-nodef scontrol delete PartitionName=nodef
c delete-nodef10 scontrol delete PartitionName=nodef10
echo "recorded $n cases into $GOLDEN_DIR"
