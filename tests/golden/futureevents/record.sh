#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about fifteen seconds. Records into cases/ what `sacctmgr show event` lists as nodes are
# set FUTURE (idle, or drained first) and resumed: slurmctld records a FUTURE node as down.
# Record at least a minute after an earlier recording that made node events.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'scontrol update NodeName=dgx[1-4] State=RESUME 2>/dev/null' EXIT
# The window opens as the recording starts: earlier recordings' records stay out.
W="start=$(date +%Y-%m-%dT%H:%M:%S) event=node"
F="format=nodename,state,stateraw,reason,user"
sleep 1
r future scontrol update NodeName=dgx4 State=FUTURE
sleep 1  # a record that begins this second is not in a window ending now
r future-events sacctmgr -P show event $W $F
r future-events-table sacctmgr show event $W
r resume scontrol update NodeName=dgx4 State=RESUME
sleep 1
r resumed-events sacctmgr -P show event $W $F
r drain scontrol update NodeName=dgx3 State=DRAIN Reason=maint
r drained-future scontrol update NodeName=dgx3 State=FUTURE
sleep 1
r drained-future-events sacctmgr -P show event $W $F
r drained-resume scontrol update NodeName=dgx3 State=RESUME
sleep 1
r drained-resumed-events sacctmgr -P show event $W $F
r down scontrol update NodeName=dgx2 State=DOWN Reason=broken
r down-future scontrol update NodeName=dgx2 State=FUTURE
sleep 1
r down-future-events sacctmgr -P show event $W $F
r down-resume scontrol update NodeName=dgx2 State=RESUME
sleep 2
r down-resumed-events sacctmgr -P show event $W $F
