#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ the job fields a few rarely used options set, and
# who may ask for them: --mcs-label (MCS_label=, squeue's MCSLABEL, sacct's McsLabel),
# --cluster-constraint (ClusterFeatures=), --power=level (Power=LEVEL), --reboot (only an
# administrator: bob is made an operator, then an administrator, and put back; Reboot=1),
# --thread-spec (ignored with a warning, as --core-spec is; both together are refused).
# A job of root's with --reboot runs on a whole node, none rebooted (no RebootProgram).
# First, empty file names and an empty -D: the working directory itself, WorkDir/.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
trap 'rm -f "$OUT"; scancel -u alice; scancel -u bob; scancel -u root; sacctmgr -i modify user bob set adminlevel=none >/dev/null' EXIT
SHOW='%.8i %.10j %.8u %.6t'
a empty-paths sbatch -H -o '' -e '' -i '' --wrap=true; E=$(id)
a show-empty-paths scontrol show job "$E"
a empty-workdir sbatch -H -D '' -o x.out --wrap=true; W=$(id)
a show-empty-workdir scontrol show job "$W"
a cancel-empty scancel "$E" "$W"
a sbatch-fields sbatch -H -J fields --mcs-label=lab --cluster-constraint=cc --power=level,foo --wrap=true; F=$(id)
a show-fields scontrol show job "$F"
a squeue-fields squeue -j "$F" -O jobid:8,mcslabel:10,clusterfeature:12,reboot:8
a squeue-features squeue -j "$F" -o "%i %f"
a power-unknown sbatch -H --power=foo --wrap=true; P=$(id)
a show-power-unknown scontrol show job "$P"
a thread-spec sbatch -H --thread-spec=2 --wrap=true; T=$(id)
a show-thread-spec scontrol show job "$T"
a core-and-thread sbatch -H --core-spec=1 --thread-spec=1 --wrap=true
a thread-and-core sbatch -H --thread-spec=1 --core-spec=1 --wrap=true
a srun-core-and-thread srun --core-spec=1 --thread-spec=1 true
a srun-thread-spec srun -t 1 --thread-spec=1 true
a reboot-user sbatch -H --reboot --wrap=true
a reboot-test-only sbatch --test-only --reboot --wrap=true
a reboot-bad-partition sbatch -H --reboot -p nosuch --wrap=true
a reboot-bad-nice sbatch -H --reboot --nice=-5 --wrap=true
a reboot-big-array sbatch -H --reboot --array=0-5000 --wrap=true
a srun-reboot srun --reboot true
a salloc-reboot salloc --reboot true
a after-refusals sbatch -H --wrap=true; A=$(id)
a show-after-refusals squeue -j "$A" -o "$SHOW"
r operator sacctmgr -i modify user bob set adminlevel=operator
b reboot-operator sbatch -H --reboot --wrap=true
r administrator sacctmgr -i modify user bob set adminlevel=administrator
b reboot-administrator sbatch -H --reboot --wrap=true; B=$(id)
b show-reboot-administrator scontrol show job "$B"
r back sacctmgr -i modify user bob set adminlevel=none
r reboot-root sbatch -H --reboot -J rebooted --wrap=true; R=$(id)
r show-reboot-root scontrol show job "$R"
r squeue-reboot squeue -j "$R,$B" -O jobid:8,reboot:8
r reboot-runs sbatch --reboot -t 1 -w dgx2 -J rebootrun --wrap='sleep 30'; RR=$(id)
sleep 4  # it has started (no RebootProgram: nothing reboots)
r squeue-reboot-runs squeue -j "$RR" -O jobid:8,reboot:8,numcpus:8,state:10,nodelist:8
r show-node-reboot-runs scontrol show node dgx2
a cancel-fields scancel "$F" "$P" "$T" "$A"
r cancel-reboots scancel "$B" "$R" "$RR"
sleep 2  # slurmdbd has the jobs
a sacct-fields sacct -j "$F,$P" -X -P -o JobID,JobName,McsLabel,Constraints,State
echo "recorded $n cases into $GOLDEN_DIR"
