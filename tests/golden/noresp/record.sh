#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about ten seconds. Records into cases/ scontrol update NodeName=... State=NoResp: the node
# shows as not responding (idle*) until it answers the ping slurmctld then sends; a user is
# refused; RESUME of a node only not responding is refused; and a reason given to a node in
# service (with NoResp, or alone) does not stay: slurmctld tells the accounting it is up.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
a user scontrol update NodeName=dgx4 State=NoResp
r noresp scontrol update NodeName=dgx4 State=NoResp
r sinfo sinfo -N -o '%N %T %E'
r resume scontrol update NodeName=dgx4 State=RESUME
sleep 5
r answered-sinfo sinfo -N -o '%N %T %E'
r prefix scontrol update NodeName=dgx3 State=nor Reason=checking
r prefix-sinfo sinfo -N -n dgx3 -o '%N %T %E'
sleep 5
r prefix-answered-sinfo sinfo -N -n dgx3 -o '%N %T %E'
r clear scontrol update NodeName=dgx3 State=RESUME
r reason-alone scontrol update NodeName=dgx2 Reason=foo
r reason-alone-sinfo sinfo -N -n dgx2 -o '%N %T %E'
r reason-alone-show scontrol show node dgx2
r reason-resume-refused scontrol update NodeName=dgx2 State=RESUME Reason=bar
r reason-resume-refused-sinfo sinfo -N -n dgx2 -o '%N %T %E %u'
