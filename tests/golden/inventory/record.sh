#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; a few
# seconds, changing nothing. Records into cases/, as alice, what sacctmgr shows of the
# cluster and its trackable resources (show cluster, show tres, with formats, filters and
# the parsable and header options) and the commands' version lines.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
c cluster sacctmgr show cluster
c cluster-parsable sacctmgr -P show cluster
c cluster-parsable1 sacctmgr -p show cluster
c cluster-format sacctmgr show cluster format=cluster,controlhost,controlport,rpc
c cluster-list-noheader sacctmgr list clusters -n
c cluster-where sacctmgr show cluster where name=dgxcluster format=cluster,rpc
c cluster-other sacctmgr show cluster nosuch
c cluster-prefix sacctmgr show cl
c tres sacctmgr show tres
c tres-upper sacctmgr show TRES
c tres-parsable sacctmgr -P -n show tres
c tres-type sacctmgr show tres type=gres
c tres-name sacctmgr show tres name=gpu
c tres-ids sacctmgr show tres id=1,2
c tres-word sacctmgr show tres foo
c tres-format sacctmgr show tres format=id,type
for cmd in sinfo squeue sbatch srun salloc scancel scontrol sacct sacctmgr sprio sshare; do
  c "version-$cmd" $cmd --version
done
c version-scontrol-word scontrol version
c version-sacctmgr-word sacctmgr version
# A user's associations beside it, by account name (root: research, then root).
c user-withassoc sacctmgr show user -s format=user,account,share
c user-root-withassoc sacctmgr list users root withassoc format=user,account
# show assoc tree: accounts indented by their depth among those shown, left in 20 columns.
c assoc-tree sacctmgr show assoc tree
c assoc-tree-widths sacctmgr show assoc tree format=account%30,user,account%-12
c assoc-tree-account sacctmgr -P show assoc tree where account=research format=account,user
c assoc-tree-user sacctmgr -P show assoc tree where user=alice format=account,user
c assoc-tree-two sacctmgr -P show assoc tree where account=root,product format=account,user
# show account withassoc: each account beside its own association, then its users' (the
# latest added first).
c account-withassoc sacctmgr show account withassoc
c account-withassoc-format sacctmgr -P show account withassoc format=account,parentname,user,share,qos,defaultqos
c account-withassoc-one sacctmgr show account research withassoc format=account,user
