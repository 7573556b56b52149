#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ the dependencies the controller will not take: one
# it cannot read (Job dependency problem) and expand: (Requested operation not supported
# on this system, without permit_job_expansion), from sbatch, its --test-only, srun and
# salloc, and where they fall among the other refusals: after the partition, account,
# QOS, node names and nice, before the features. Held jobs submitted between them show
# that each refusal uses up a job id. Last, scontrol update refuses expand: too, and
# ClusterFeatures (no cluster is federated: Unspecified error).
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
trap 'rm -f "$OUT"; scancel -u alice' EXIT
a first sbatch -H --wrap=true
a unreadable sbatch -H -d bogus:1 --wrap=true
a after-unreadable sbatch -H --wrap=true
a expand sbatch -H -d expand:1 --wrap=true
a after-expand sbatch -H --wrap=true
a test-only-unreadable sbatch --test-only -d afterok:abc --wrap=true
a test-only-expand sbatch --test-only -d expand:1 --wrap=true
a srun-unreadable srun -d bogus:1 true
a srun-expand srun -d expand:1 true
a salloc-unreadable salloc -d bogus:1 true
a salloc-expand salloc -d expand:1 true
a after-clients sbatch -H --wrap=true
a partition-first sbatch -H -p nosuch -d bogus:1 --wrap=true
a account-first sbatch -H -A nosuch -d bogus:1 --wrap=true
a qos-first sbatch -H -q nosuch -d bogus:1 --wrap=true
a nodes-first sbatch -H -w dgx9 -d bogus:1 --wrap=true
a nice-first sbatch -H --nice=-5 -d bogus:1 --wrap=true
a array-first sbatch -H --array=0-5000 -d bogus:1 --wrap=true
a before-features sbatch -H -C nosuch -d bogus:1 --wrap=true
a before-reservation sbatch -H --reservation=nosuch -d expand:1 --wrap=true
a last sbatch -H --wrap=true; L=$(id)
a update-expand scontrol update jobid="$L" dependency=expand:1
a update-expand-or scontrol update jobid="$L" dependency=afterok:999999?expand:1
a update-cluster-features scontrol update jobid="$L" clusterfeatures=x
a update-cluster-features-after scontrol update jobid="$L" name=renamed clusterfeatures=x
a show-last scontrol show job "$L"
a queue squeue -u alice -o '%i %j %t'
echo "recorded $n cases into $GOLDEN_DIR"
