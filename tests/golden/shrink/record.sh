#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about half a minute. Records into cases/ how `scontrol update` shrinks a running job:
# NumNodes= keeps its first nodes, NodeList=/ReqNodeList= the nodes named (the batch
# host among them); the nodes let go take other work at once; growing, an empty count
# and nodes not the job's are refused. The accounting keeps the job's first shape in a
# RESIZING record.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'scancel -u alice -u bob' EXIT
Q=(squeue -o '%.4i %.8j %.2t %.6D %.4C %N')
a wide sbatch -J wide -N 4 --gres=gpu:2 -t 30 --wrap='sleep 600'
a other sbatch -J other -N 3 --gres=gpu:2 -t 30 --wrap='sleep 600'
sleep 4
J=$(squeue -h -u alice -n wide -o %i); K=$(squeue -h -u alice -n other -o %i)
a queue "${Q[@]}"
b not-owner scontrol update JobId=$J NumNodes=3
a grow scontrol update JobId=$J NumNodes=5
a zero scontrol update JobId=$J NumNodes=0
a shrink scontrol update JobId=$J NumNodes=3
a show scontrol show job $J
a queue-shrunk "${Q[@]}"
a sinfo sinfo -N -o '%N %T %G'
a not-its-node scontrol update JobId=$K NodeList=dgx4
a no-batch-host scontrol update JobId=$K NodeList=dgx2
a nodelist scontrol update JobId=$K NodeList=dgx[1-2]
a reqnodelist scontrol update JobId=$J ReqNodeList=dgx1
sleep 4
a queue-after "${Q[@]}"
a show-other scontrol show job $K
a sacct-running sacct -j $J,$K -X -o JobID,JobName,State,NNodes,NodeList,AllocTRES%50,ExitCode
a cancel scancel $J $K
sleep 2
a sacct sacct -j $J,$K -o JobID,JobName,State,NNodes,NodeList,AllocCPUS,ExitCode
a sacct-times sacct -j $J -X -o JobID,State,Start,End,Elapsed,Submit
