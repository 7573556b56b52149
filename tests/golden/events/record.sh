#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 70 s. Records into cases/ what `sacctmgr show event` lists as nodes are drained
# (busy: recorded when the last job leaves, by the slurm user; idle: at once), have their
# reason changed, go DOWN, FAIL, are undrained and resumed; the cluster's own record;
# its filters (window, states, user, reason, nodes, kind, CPUs) and refusals; and what
# sinfo shows along the way. Record at least a minute after an earlier recording.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
[ -z "$(squeue -h)" ] || { echo "jobs are running: record on an idle oracle" >&2; exit 1; }
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
n=0
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice; scontrol update nodename=dgx[1-4] state=resume 2>/dev/null' EXIT
c() { local u=$1 nm=$2; shift 2; n=$((n+1)); $C -u "$u" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
# The window opens as the recording starts: earlier recordings' records stay out, and the
# cluster's record (as old as the oracle) too.
W="start=$(date +%Y-%m-%dT%H:%M:%S) event=node"
# While a record is open its duration runs to the instant sacctmgr asks, a moment after
# the recorded second: durations are listed once every record is closed (all-closed).
F="format=nodename,state,stateraw,reason,user"
c alice cluster sacctmgr show event event=cluster
c alice cluster-parsable sacctmgr -P show event event=cluster format=cluster,clusternodes,tres,event,eventraw,state,stateraw,user,reason,cpucount
c alice nothing-yet sacctmgr show event $W
c alice busy sbatch -w dgx1 -t 5 --gres=gpu:2 --wrap='sleep 300'
BUSY=$(id)
sleep 5
c root drain-busy scontrol update nodename=dgx1 state=drain reason="drain test"
sleep 1  # a record that begins this second is not in a window ending now
c alice draining sacctmgr -P show event $W $F
c root reason-while-draining scontrol update nodename=dgx1 reason="changed reason"
c root drain-idle scontrol update nodename=dgx2 state=drain reason="idle drain"
sleep 1  # a record that begins this second is not in a window ending now
c alice one-drained sacctmgr -P show event $W $F
sleep 3
c alice cancel-busy scancel "$BUSY"
sleep 3
c alice drained-by-slurm sacctmgr -P show event $W $F
c alice sinfo-drained sinfo -N -o '%N %t %E'
c root reason-while-drained scontrol update nodename=dgx1 reason="ignored reason"
c root drain-again-same scontrol update nodename=dgx2 state=drain reason="idle drain"
sleep 1
c root drain-again-other scontrol update nodename=dgx2 state=drain reason="new reason"
sleep 1  # a record that begins this second is not in a window ending now
c alice after-reasons sacctmgr -P show event $W $F
sleep 1
c root down-drained scontrol update nodename=dgx1 state=down reason="down now"
c root fail-idle scontrol update nodename=dgx3 state=fail reason="fail it"
c alice sinfo-fail sinfo -N -o '%N %t %T %E'
c alice scontrol-fail scontrol show node dgx3
sleep 1  # a record that begins this second is not in a window ending now
c alice after-down-fail sacctmgr -P show event $W $F
sleep 2
# Undrained while down, the node registers again and (ReturnToService=2) comes back.
c root undrain-down scontrol update nodename=dgx1 state=undrain
sleep 1  # a record that begins this second is not in a window ending now
c alice after-undrain sacctmgr -P show event $W $F
sleep 3
c alice sinfo-undrained sinfo -N -o '%N %t %E'
c root resume-returned scontrol update nodename=dgx1 state=resume
c root resume-drained scontrol update nodename=dgx2 state=resume
c root resume-failed scontrol update nodename=dgx3 state=resume
c root resume-idle scontrol update nodename=dgx4 state=resume
c root undrain-idle scontrol update nodename=dgx4 state=undrain
sleep 3
c alice sinfo-resumed sinfo -N -o '%N %t %E'
sleep 1
# The node undrained while down registers again within a second or two (sub-second on
# the oracle, a second in slurmsim): that record's duration is left out.
c alice all-closed sacctmgr -P show event $W 'nodes=dgx[2-3]' format=nodename,duration,state,reason,user
c alice all-closed-dgx1 sacctmgr -P show event $W nodes=dgx1 format=nodename,state,stateraw,reason,user
c alice default sacctmgr show event start=now-60
c alice table sacctmgr show event $W 'nodes=dgx[2-3]' format=nodename,duration,state,reason%-20,user%12
c alice noheader sacctmgr -n -p show event start=now-60 format=nodename,state
c alice states-now sacctmgr show event states=drain
c alice states-window sacctmgr -P show event states=drain,down $W format=nodename,state,stateraw
c alice states-fail sacctmgr -P show event states=fail $W format=nodename,state
c alice states-idle sacctmgr -P show event states=idle $W format=nodename,state
c alice user-slurm sacctmgr -P show event user=slurm $W format=nodename,user,reason
c alice user-uid sacctmgr -P show event user=0 $W format=nodename,user
c alice reason-like sacctmgr -P show event reason=REASON $W format=nodename,reason
c alice nodes sacctmgr -P show event 'nodes=dgx[1-2]' $W format=nodename,state,reason
c alice kind-bare sacctmgr -P show event node start=now-60 format=event,eventraw,nodename
c alice kind-both sacctmgr -P show event event=cluster,node start=now-60 format=event,nodename
c alice open-only sacctmgr -P show event condflags=open start=now-60 format=event,nodename
c alice cpus-quirk sacctmgr -P show event mincpus=8 maxcpus=8 $W format=nodename,cpucount
c alice cpus-cluster sacctmgr -P show event mincpus=32 start=now-60 format=event,cpucount
c alice tres sacctmgr -P show event nodes=dgx1 $W format=tres,cpucount
c alice where sacctmgr -P show event where nodes=dgx3 $W format=nodename,state
c alice bad-condition sacctmgr show event foo=bar
c alice bad-kind sacctmgr show event event=bogus
c alice bad-state sacctmgr show event states=bogus
c alice bad-user sacctmgr show event user=nobodyx
c alice bad-flag sacctmgr show event condflags=bad
c alice bad-cpus sacctmgr -P show event mincpus=x $W format=nodename
c alice bad-start sacctmgr -P show event start=bogus event=cluster format=event
c alice bad-format sacctmgr show event format=bogus
c alice prefix-format sacctmgr -P show event $W format=node,dur,st,r,u,ev
c alice format-no-name sacctmgr show event format=%
c alice format-bad-width sacctmgr -n show event event=cluster format=event%x,cluster%5
c alice qos-bad-width sacctmgr show qos format=name%x,priority%3x
c alice nodes-too-many sacctmgr show event 'nodes=dgx[1-99999999]'
c alice nodes-reversed sacctmgr show event 'nodes=dgx[3-1]'
c alice nodes-empty sacctmgr show event nodes=
