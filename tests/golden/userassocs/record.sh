#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; a few
# seconds, and it changes nothing. Records into cases/ how sacctmgr lists users and
# accounts under conditions on their associations (a user's account, partition, qos; an
# account's user, cluster, partition, qos, parent): without withassoc it asks first
# (answered from stdin/); it lists every user or account, a user's default account only
# where an association in it meets the conditions, and under -s the associations that
# meet them, or one line of zeros. Associations are picked by QOS, DefQOS and
# onlydefaults; a QOS there is none of is refused.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
ci() { local in=$1 nm=$2; shift 2; n=$((n+1)); timeout 20 $C -u alice -i "$HERE/stdin/$in" "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
ci answer-y account sacctmgr show user where account=research
ci answer-n account-no sacctmgr show user where account=research
ci answer-y account-bare sacctmgr show user account=research
ci answer-y account-format sacctmgr show user where account=research format=user,defaultaccount
ci answer-y partition sacctmgr show user where partition=gpu
ci answer-y qos sacctmgr show user where qos=normal
a immediate sacctmgr -i -P show user where account=product
a cluster sacctmgr show user where cluster=dgxcluster
a default-account sacctmgr show user where defaultaccount=research
a withassoc-account sacctmgr show user where account=product -s
a withassoc-format sacctmgr show user where account=research -s format=user,account,defaultaccount
a withassoc-user sacctmgr show user where user=root -s format=user,account
a withassoc-qos sacctmgr show user where qos=high -s format=user,account,qos
a withassoc-partition sacctmgr -P show user withassoc where partition=gpu
a withassoc-cluster sacctmgr show user where cluster=nosuch -s format=user,account
ci answer-y accounts-user sacctmgr show account where user=alice
ci answer-n accounts-user-no sacctmgr show account where user=alice
ci answer-y accounts-cluster sacctmgr show account where cluster=nosuch
ci answer-y accounts-parent sacctmgr show account where parent=root format=account
ci answer-y accounts-qos sacctmgr show account where qos=high
a accounts-withassoc-user sacctmgr show account where user=carol -s
a accounts-withassoc-qos sacctmgr show account where qos=high -s format=account,user,qos
a accounts-withassoc-parent sacctmgr show account where parent=root -s format=account,user,parentname
a accounts-withassoc sacctmgr show account -s format=account,user
a assoc-qos sacctmgr show assoc where qos=high
a assoc-qos-normal sacctmgr -P show assoc where qos=normal format=account,user,qos
a assoc-defaultqos sacctmgr show assoc where defaultqos=normal
a assoc-onlydefaults sacctmgr show assoc where onlydefaults
a assoc-qos-tree sacctmgr show assoc tree where qos=high format=account,user
a assoc-bad-qos sacctmgr show assoc where qos=nosuch,high format=account,user
a assoc-bad-defaultqos sacctmgr show assoc where defaultqos=nosuch
a user-bad-qos sacctmgr show user where qos=nosuch
a account-bad-qos sacctmgr show account where qos=nosuch -s
a stats-user sacctmgr show stats
echo "recorded $n cases into $GOLDEN_DIR"
