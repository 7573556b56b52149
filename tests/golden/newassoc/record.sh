#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; up to ten minutes. Records into cases/ how an association added since the
# decay thread's last pass stands until its next one: sshare shows no NormUsage and 0 for
# its EffectvUsage, FairShare and LevelFS, scontrol show assoc_mgr Norm 1.00, Efctv 0.00
# and Factor 0.00, and its jobs' fair-share factor is 0; after the pass it is ranked.
#
# Usage is put at zero first and the scenario starts as a pass sees none: the replay
# starts slurmsim's decay thread there too.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
cleanup() {
    scancel -u carol; scancel -u bob; scancel -u root; sleep 2
    sacctmgr -i remove user bob account=product
}
trap 'rm -f "$OUT"; cleanup >/dev/null 2>&1' EXIT
# The decay thread's phase: a job of root's is charged at its next pass; usage is then put
# at zero, and the pass after sees none (root's NormUsage back at 0).
line() { sshare -a -n -P -o Account,User,RawUsage,NormUsage | grep '^ root|root|'; }
sacctmgr -i modify account root set RawUsage=0 >/dev/null
j=$(sbatch --parsable -o /dev/null -t 10 --wrap='sleep 600')
until line | grep -vq '^ root|root|0|'; do sleep 1; done
scancel "$j"; sleep 2
sacctmgr -i modify account root set RawUsage=0 >/dev/null
until line | grep -qx ' root|root|0|0.000000'; do sleep 1; done

r add-user sacctmgr -i add user bob account=product
r sshare-added sshare -a -l
c carol carol-1 sbatch -o /dev/null -t 10 -N 4 -G 32 --wrap='sleep 600'
c carol carol-2 sbatch -o /dev/null -t 10 -N 4 -G 32 --wrap='sleep 600'
b bob-product sbatch -A product -o /dev/null -t 10 -G 1 --wrap='sleep 600'
b bob-research sbatch -A research -o /dev/null -t 10 -G 1 --wrap='sleep 600'
sleep 3
r sprio-added sprio -l
r assoc-added scontrol show assoc_mgr users=bob flags=assoc
sleep 305  # the decay thread's next pass ranks bob's new association
r sprio-ranked sprio -l
r sshare-ranked sshare -a -l -o Account,User,RawShares,NormShares,NormUsage,EffectvUsage,FairShare,LevelFS
