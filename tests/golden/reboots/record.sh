#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# a few seconds. Records into cases/ scontrol reboot and cancel_reboot on a cluster without
# RebootProgram (the default one): what scontrol reads before it asks the controller, and
# the refusal that follows, for a user and for root; nothing changes on the nodes.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
r reboot scontrol reboot dgx4
a reboot-user scontrol reboot dgx4
r reboot-asap scontrol reboot ASAP nextstate=resume reason=upgrade 'dgx[1-2]'
r reboot-all scontrol reboot ALL
r reboot-prefix scontrol reb dgx4
r reboot-no-nodes scontrol reboot
r reboot-only-options scontrol reboot ASAP reason=upgrade
r reboot-too-many scontrol reboot dgx1 dgx2
r reboot-bad-state scontrol reboot nextstate=idle dgx4
r reboot-no-state scontrol reboot nextstate= dgx4
r reboot-no-reason scontrol reboot reason= dgx4
r reboot-down scontrol reboot nextstate=d dgx4
r reboot-unknown-node scontrol reboot dgx9
r reboot-sinfo sinfo -N -o '%N %T %E'
r cancel scontrol cancel_reboot dgx4
a cancel-user scontrol cancel_reboot dgx4
r cancel-none scontrol cancel_reboot
r cancel-too-many scontrol cancel_reboot dgx1 dgx2
r cancel-unknown scontrol cancel_reboot dgx9
r cancel-state scontrol update NodeName=dgx4 State=CANCEL_REBOOT
r cancel-sinfo sinfo -N -o '%N %T %E'
