#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about
# 40 s. Records the limits sacctmgr takes from before TRES (GrpCPUs, GrpMemory, GrpNodes,
# MaxCPUsPerJob, MaxNodesPerUser, ...): each sets one TRES of a TRES limit, as add, modify
# and show print it, what it refuses, and two jobs held back by such limits. Leaves the
# oracle's QOS, accounts and users as it found them.
source "$(dirname "$0")/../record-lib.sh"
require_idle
cleanup() {
    sacctmgr -i delete user tlu >/dev/null 2>&1
    sacctmgr -i delete qos tlq >/dev/null 2>&1
    sacctmgr -i modify user bob set GrpCPUs=-1 MaxCPUs=-1 MaxNodes=-1 GrpNodes=-1 GrpMemory=-1 MaxCPUMins=-1 GrpCPUMins=-1 GrpCPURunMins=-1 >/dev/null 2>&1
    sacctmgr -i modify qos normal set MaxCPUsPerUser=-1 MaxNodesPerUser=-1 MinCPUsPerJob=-1 GrpCPUs=-1 >/dev/null 2>&1
    sacctmgr -i modify user bob set MaxTRES=cpu=-1,node=-1,gres/gpu=-1 GrpTRES=mem=-1,cpu=-1 MaxTRESMins=cpu=-1 GrpTRESMins=cpu=-1,gres/gpu=-1 >/dev/null 2>&1
    scancel -u bob >/dev/null 2>&1
    rm -f "$OUT"
}
trap cleanup EXIT

r add-qos sacctmgr -i add qos tlq GrpCPUs=10 GrpMemory=1000 MaxNodesPU=2 MaxCPUMinsPerJob=100 GrpCPURunMins=50 MinCPUsPerJob=2 MaxCPUs=20 GrpNodes=3 GrpCPUMins=500 MaxNodesPerJob=1
r show-qos sacctmgr -P show qos tlq format=name,grptres,grptresmins,grptresrunmins,maxtres,maxtrespu,maxtresmins,mintres
r modify-qos sacctmgr -i modify qos tlq set GrpCPUs=-1 GrpMemory=1G MaxCPUsPU=7 MaxCPUsPerUser=8
r show-qos-modified sacctmgr -P show qos tlq format=name,grptres,maxtrespu
r merge-with-tres sacctmgr -i modify qos tlq set GrpTRES=cpu=7 GrpCPUs=4 GrpNodes=5
r show-qos-merged sacctmgr -P show qos tlq format=name,grptres
r qos-twice sacctmgr -i add qos tlq2 GrpCPUs=3 GrpCPUs=4 GrpTRES=mem=5
r qos-tres-twice sacctmgr -i add qos tlq3 GrpTRES=cpu=1 GrpTRES=mem=5
r delete-added sacctmgr -i delete qos tlq2,tlq3
for k in GrpCPUMins GrpCPURunMins GrpCPUs GrpMemory GrpNodes MaxCPUMinsPerJob MaxCPUsPerJob MaxCPUsPerUser MaxCPUsPU MaxNodesPerJob MaxNodesPerUser MaxNodesPU MinCPUsPerJob; do
    r "qos-bad-$k" sacctmgr -i modify qos tlq set "$k=abc"
done
r qos-bad-with-other sacctmgr -i modify qos tlq set GrpCPUs=abc Priority=3
r qos-suffix sacctmgr -i modify qos tlq set GrpCPUs=12k
r show-qos-after-bad sacctmgr -P show qos tlq format=name,priority,grptres

r add-user sacctmgr -i add user tlu account=research GrpCPUs=5 MaxNodesPerJob=2 GrpMemory=2000
r show-user sacctmgr -P show assoc where user=tlu format=account,user,grptres,maxtres
r modify-user sacctmgr -i modify user bob set GrpCPUs=16 MaxCPUs=8 MaxNodes=1 GrpNodes=2 GrpMemory=4000000 MaxCPUMins=600 GrpCPUMins=6000 GrpCPURunMins=3000
r show-bob sacctmgr -P show assoc where user=bob format=account,user,grptres,maxtres,grptresmins,grptresrunmins,maxtresmins
for k in GrpCPUMins GrpCPURunMins GrpCPUs GrpMemory GrpNodes MaxCPUMinsPerJob MaxCPUsPerJob MaxNodesPerJob MaxCPURunMins; do
    r "assoc-bad-$k" sacctmgr -i modify account research set "$k=abc"
done

# What they hold back: bob's 8 CPUs a job and 16 at once (1 GB a job, well within his
# memory), and QOS normal's 2 nodes a user, counted node by node.
b over-max-cpus sbatch -n 9 --mem=1G -t 5 --wrap='sleep 300'
b within-1 sbatch -n 8 --mem=1G -t 5 --wrap='sleep 300'
b within-2 sbatch -n 8 --mem=1G -t 5 --wrap='sleep 300'
b over-grp-cpus sbatch -n 8 --mem=1G -t 5 --wrap='sleep 300'
sleep 4
b held-back squeue -u bob -o '%i %t %C %r'
b scancel-bob scancel -u bob
r clear-bob sacctmgr -i modify user bob set GrpCPUs=-1 MaxCPUs=-1 MaxNodes=-1 GrpNodes=-1 GrpMemory=-1 MaxCPUMins=-1 GrpCPUMins=-1 GrpCPURunMins=-1
r show-bob-cleared sacctmgr -P show assoc where user=bob format=account,user,grptres,maxtres,grptresmins,grptresrunmins,maxtresmins
r qos-user-nodes sacctmgr -i modify qos normal set MaxNodesPerUser=2
sleep 2
b nodes-1 sbatch -N 2 -w dgx[1-2] -t 5 --wrap='sleep 300'
b nodes-same sbatch -N 1 -w dgx1 -t 5 --wrap='sleep 300'
b nodes-new sbatch -N 1 -w dgx3 -t 5 --wrap='sleep 300'
sleep 4
b nodes-held squeue -u bob -o '%i %t %D %N %r'
b scancel-bob-again scancel -u bob
r qos-user-nodes-clear sacctmgr -i modify qos normal set MaxNodesPerUser=-1
r show-normal sacctmgr -P show qos normal format=name,maxtrespu

# The columns from before TRES show one TRES of a TRES limit, however it was set.
r tres-limits-bob sacctmgr -i modify user bob set MaxTRES=cpu=8,node=1,gres/gpu=2 GrpTRES=mem=2000,cpu=20 MaxTRESMins=cpu=30 GrpTRESMins=cpu=40,gres/gpu=5
r show-user-s sacctmgr show user -s bob
r show-account-withassoc sacctmgr show account withassoc where name=research format=account,user,grpnodes,grpcpus,grpmem,grpcpumins,maxnodes,maxcpus,maxcpumins
r show-assoc-pre-tres sacctmgr show assoc where user=bob format=user,grpcpus,grpmem,grpnodes,maxcpus,maxnodes,maxcpumins,grpcpumins,grpcpurunmins,maxcpusperjob,MaxCPURunMinsPU
r clear-tres-limits-bob sacctmgr -i modify user bob set MaxTRES=cpu=-1,node=-1,gres/gpu=-1 GrpTRES=mem=-1,cpu=-1 MaxTRESMins=cpu=-1 GrpTRESMins=cpu=-1,gres/gpu=-1
r tres-all-cleared sacctmgr -i modify user bob set GrpTRES=-1
r tres-all-cleared-qos sacctmgr -i modify qos normal set GrpTRES=-1 Priority=0
r qos-pre-tres sacctmgr -i modify qos normal set MaxCPUsPU=5 MaxNodesPU=2 MinCPUsPerJob=1 GrpCPUs=9
r show-qos-pre-tres sacctmgr show qos normal format=name,grpcpus,maxcpus,maxcpuspu,maxnodespu,mincpus,grpnodes,grpmem
r clear-qos-pre-tres sacctmgr -i modify qos normal set MaxCPUsPU=-1 MaxNodesPU=-1 MinCPUsPerJob=-1 GrpCPUs=-1
r show-qos-cleared sacctmgr -P show qos format=name,grptres,maxtrespu,mintres
