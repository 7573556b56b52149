#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ job updates the controller answers its own way: an
# EligibleTime at or before now is now, shown at once on a held job (and cleared by its
# release, for the next pass to set), a dependency's reason is dropped with it; Clusters,
# ClusterFeatures (no cluster is federated) and BurstBuffer (no plugin) are refused
# whatever their value, the rest of the update with them.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
trap 'rm -f "$OUT"; scancel -u alice' EXIT
SHOW='JobState|Reason|Time='
a held sbatch -H -w dgx1 -t 5 --wrap='sleep 100'; H=$(id)
a eligible-now scontrol update jobid="$H" eligibletime=now
a show-eligible-now scontrol show job "$H"
a eligible-past scontrol update jobid="$H" eligibletime=2020-01-01T00:00:00
a show-eligible-past scontrol show job "$H"
sleep 4
a release scontrol release "$H"
a show-released scontrol show job "$H"
a blocker sbatch -H --wrap=true; B=$(id)
a waiting sbatch -d afterok:"$B" -t 5 --wrap=true; W=$(id)
sleep 3  # a pass has judged it (Dependency)
a show-waiting squeue -j "$W" -o '%i %t %r'
a waiting-eligible scontrol update jobid="$W" eligibletime=now
a show-waiting-eligible scontrol show job "$W"
a clusters scontrol update jobid="$B" clusters=dgxcluster
a clusters-empty scontrol update jobid="$B" clusters=
a cluster-features scontrol update jobid="$B" clusterfeatures=
a burst-buffer scontrol update jobid="$B" burstbuffer=x
a burst-buffer-with-name scontrol update jobid="$B" name=renamed burstbuffer=x
a show-blocker scontrol show job "$B"
echo "recorded $n cases into $GOLDEN_DIR"
