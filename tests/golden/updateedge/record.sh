#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; under a minute. Records into cases/ two corners of scontrol update job: a
# pending job's TRES keep the GPUs they counted when NumNodes moves (the GRES are counted
# again only when they change, and once the job runs); and `JobId=` with no id, which
# scontrol sends for no job and the controller answers with success, but for the changes
# scontrol loads the job for first (NumNodes, ReqNodeList/NodeList) and the values it
# cannot read.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
a submit sbatch -H -J v1 -t 30 --gres=gpu:1 --wrap='sleep 100'; j=$(id)
a nodes-2 scontrol update jobid=$j NumNodes=2
a show-2 scontrol show job $j
a squeue-2 squeue -h -j $j -o '%b %D %C'
a nodes-range scontrol update jobid=$j NumNodes=3-4
a show-range scontrol show job $j
a gres scontrol update jobid=$j Gres=gpu:2
a show-gres scontrol show job $j
a nodes-back scontrol update jobid=$j NumNodes=1
a show-back scontrol show job $j
a release scontrol release $j
sleep 4
a show-running squeue -h -j $j -O NumNodes:6,NumCPUs:6,tres-alloc:60
a cancel scancel $j
a submit-gpus sbatch -H -J v2 -t 30 --gpus=2 --wrap='sleep 100'; j=$(id)
a gpus-nodes scontrol update jobid=$j NumNodes=2
a show-gpus scontrol show job $j
a cancel-gpus scancel $j
a empty-time scontrol update jobid= TimeLimit=5
a empty-comma scontrol update jobid=, TimeLimit=5
a empty-name scontrol update jobid= Name=x
a empty-user-name scontrol update jobid= UserID=alice Name=x
a empty-nodelist scontrol update jobid= NodeList=dgx1
a empty-reqnodelist scontrol update jobid= ReqNodeList=dgx1
a empty-numnodes scontrol update jobid= NumNodes=2
a empty-dependency scontrol update jobid= Dependency=afterok:1
a empty-partition scontrol update JobId= Partition=nosuch
a empty-badtime scontrol update jobid= TimeLimit=bad
a empty-badmem scontrol update jobid= MinMemoryNode=8G
a empty-alone scontrol update jobid=
a name-unknown scontrol update JobName=nosuch TimeLimit=5
