#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about
# two minutes. Records sacctmgr's usage resets (`set RawUsage=0`) on users, accounts and
# QOS: what it prints, what it refuses, and what sshare shows before and after. Usage comes
# from short jobs of alice, bob and carol; each `seed` case is the usage a reset starts
# from (the replay sets it), each `after` case what the reset left.
source "$(dirname "$0")/../record-lib.sh"
require_idle
cp "$HERE"/stdin/* /tmp/slurm-oracle-jobs/
ci() { local in=$1 who=$2 nm=$3; shift 3; n=$((n+1)); timeout 20 $C -u "$who" -i "$in" "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
# Usage for alice, bob and carol (under research and product): a few CPU-seconds each.
work() {
    local u cpus
    for u in alice:8 bob:4 carol:6; do
        cpus=${u#*:}
        runuser -u "${u%%:*}" -- sbatch -n "$cpus" -t 5 -o /dev/null --wrap='sleep 3' </dev/null >/dev/null
    done
    sleep 10
    require_idle
}
usage() { r "$1" sshare -a -P -o Account,User,RawUsage; }

work
usage seed
r user sacctmgr -i modify user where name=bob account=research set RawUsage=0
usage user-after
r user-head sacctmgr -i modify user alice account=research set RawUsage=0
usage user-head-after
r user-set-where sacctmgr -i modify user carol set RawUsage=0 where account=product
usage user-set-where-after

work
usage seed
r account sacctmgr -i modify account product set RawUsage=0
usage account-after
r account-cluster sacctmgr -i modify account where name=research cluster=dgxcluster set RawUsage=0
usage account-cluster-after

work
usage seed
ci answer-n root answer-n sacctmgr modify account research set RawUsage=0
ci answer-xn root answer-xn sacctmgr modify account research set RawUsage=0
usage answered-no-after
ci answer-y root answer-y sacctmgr modify account research set RawUsage=0
usage answered-yes-after

work
usage seed
r root-account sacctmgr -i modify account root set RawUsage=0
usage root-account-after

work
usage seed
r user-no-account sacctmgr -i modify user alice set RawUsage=0
r user-no-name sacctmgr -i modify user set RawUsage=0
r user-where-account sacctmgr -i modify user where account=research set RawUsage=0
r user-pair-missing sacctmgr -i modify user where name=alice,carol account=research,product set RawUsage=0
r user-pair-missing-2 sacctmgr -i modify user where name=carol,alice account=product,research set RawUsage=0
r user-unknown sacctmgr -i modify user where name=nosuch account=research set RawUsage=0
r user-other-cluster sacctmgr -i modify user where name=alice account=research cluster=other set RawUsage=0
r account-unknown sacctmgr -i modify account nosuch set RawUsage=0
r account-list-unknown sacctmgr -i modify account research,nosuch set RawUsage=0
r account-no-name sacctmgr -i modify account set RawUsage=0
r account-cluster-only sacctmgr -i modify account where cluster=dgxcluster set RawUsage=0
r account-other-cluster sacctmgr -i modify account where name=research cluster=dgxcluster,other set RawUsage=0
r nonzero sacctmgr -i modify account research set RawUsage=5
r negative sacctmgr -i modify account research set RawUsage=-1
r not-a-number sacctmgr -i modify account research set RawUsage=abc
r decimal sacctmgr -i modify account research set RawUsage=0.0
r suffix sacctmgr -i modify account research set RawUsage=0k
r hex sacctmgr -i modify account research set RawUsage=0x0
r minus sacctmgr -i modify account research set RawUsage-=5
r no-value sacctmgr -i modify account research set RawUsage
r bare-word-after sacctmgr -i modify account research set RawUsage=0 foo
r name-account sacctmgr -i modify account research set name=x
r bad-then-bare sacctmgr -i modify account research set Fairshare=abc foo
r user-no-value sacctmgr -i modify user alice account=research set RawUsage
r user-bare-word sacctmgr -i modify user alice account=research set RawUsage=0 foo
r qos-no-value sacctmgr -i modify qos normal set RawUsage
r qos-bare-word sacctmgr -i modify qos high set foo priority=100
r qos-bare-word-reset sacctmgr -i modify qos normal set RawUsage=0 foo
r last-nonzero sacctmgr -i modify account research set RawUsage=0 RawUsage=1
r unknown-after sacctmgr -i modify account research set RawUsage=0 foo=1
r unknown-before sacctmgr -i modify account research set foo=1 RawUsage=0
r bad-fairshare sacctmgr -i modify account research set Fairshare=abc RawUsage=0
r short-key sacctmgr -i modify user bob account=research set rawu=0
r qos-unknown-option sacctmgr -i modify qos normal set RawUsage=0 foo=1
r qos-nonzero sacctmgr -i modify qos normal set RawUsage=7
r qos-unknown sacctmgr -i modify qos where name=normal,nosuch set RawUsage=0
r user-no-account-nonzero sacctmgr -i modify user alice set RawUsage=5
r account-no-name-nonzero sacctmgr -i modify account set RawUsage=5
r suffix-nonzero sacctmgr -i modify account research set RawUsage=5k
r fraction sacctmgr -i modify account research set RawUsage=1.5
r overflow sacctmgr -i modify account research set RawUsage=99999999999999999999
r spaces-around sacctmgr -i modify account research set RawUsage=' 0 '
r space-after sacctmgr -i modify account research set RawUsage='0 '
r upper-case sacctmgr -i modify account research set RawUsage=ABC
r quoted-word sacctmgr -i modify account research set RawUsage="'A'B"
r inner-quote sacctmgr -i modify account research set RawUsage="0'x"
r inner-double-quote sacctmgr -i modify account research set RawUsage='a"b'
r named-cluster-unknown sacctmgr -i modify account where name=nosuch cluster=dgxcluster set RawUsage=0
r other-cluster-first sacctmgr -i modify account where name=nosuch cluster=other,dgxcluster set RawUsage=0
r pair-unknown-named-cluster sacctmgr -i modify user where name=bob,nosuch account=research cluster=dgxcluster set RawUsage=0
r qos-unknown-named-cluster sacctmgr -i modify qos where name=nosuch cluster=dgxcluster set RawUsage=0
ci answer-n root unknown-answered-no sacctmgr modify account nosuch set RawUsage=0
ci answer-y root unknown-answered-yes sacctmgr modify account nosuch set RawUsage=0
ci answer-n root other-cluster-answered-no sacctmgr modify account where name=research cluster=other set RawUsage=0
a as-alice-named-cluster sacctmgr -i modify account where name=research cluster=dgxcluster set RawUsage=0
a as-alice sacctmgr -i modify account research set RawUsage=0
a as-alice-user sacctmgr -i modify user where name=alice account=research set RawUsage=0
ci answer-y alice as-alice-yes sacctmgr modify account research set RawUsage=0
ci answer-n alice as-alice-no sacctmgr modify account research set RawUsage=0
usage refused-after

r prefix-key sacctmgr -i modify user bob account=research set rawusag=0
usage prefix-key-after
r empty-value sacctmgr -i modify user alice account=research set RawUsage=
usage empty-value-after
work
usage seed
r plus-zero sacctmgr -i modify user bob account=research set RawUsage=+0
r double-zero sacctmgr -i modify user alice account=research set RawUsage=00
r plus-equals sacctmgr -i modify user carol account=product set RawUsage+=0
usage spellings-after
work
usage seed
r minus-zero sacctmgr -i modify user bob account=research set RawUsage=-0
r quoted-zero sacctmgr -i modify user alice account=research set RawUsage="'0'"
r double-quoted-zero-then-more sacctmgr -i modify user bob account=research set RawUsage='"0"x'
r wraps-to-zero sacctmgr -i modify user carol account=product set RawUsage=4294967296
usage more-spellings-after
work
usage seed
r two-clusters sacctmgr -i modify account where name=research cluster=dgxcluster,other set RawUsage=0
usage two-clusters-after
r where-parent sacctmgr -i modify account product set RawUsage=0 where parent=root
usage where-parent-after
work
usage seed
r last-zero sacctmgr -i modify account product set RawUsage=1 RawUsage=0
usage last-zero-after
r with-fairshare sacctmgr -i modify account research set RawUsage=0 Fairshare=61
usage with-fairshare-after
r with-fairshare-shares sacctmgr show assoc format=account,user,share
work
usage seed
r bad-value-with-other sacctmgr -i modify account research set RawUsage=abc Fairshare=61
usage bad-value-with-other-after
r bad-value-with-other-shares sacctmgr show assoc format=account,user,share
r where-name-merged sacctmgr -i modify account research set RawUsage=0 where name=product
usage where-name-merged-after
r quiet sacctmgr -i -Q modify account research set RawUsage=0
r qos sacctmgr -i modify qos normal set RawUsage=0 Priority=5
r qos-priority sacctmgr show qos format=name,priority
r qos-list sacctmgr -i modify qos where name=normal,high set RawUsage=0
r qos-cluster sacctmgr -i modify qos where cluster=dgxcluster name=normal set RawUsage=0

# How the words after `set` are read, which the reset shares with every modify: each
# refused setting is reported and the reading goes on; the command fails at the end.
r read-on-account sacctmgr -i modify account research set Fairshare=abc foo=1 GrpJobs=x
r read-on-user sacctmgr -i modify user alice set foo=1 bar=2
r read-on-user-bare sacctmgr -i modify user alice set Fairshare=abc foo
r read-on-reset sacctmgr -i modify account research set foo=1 RawUsage=abc
r read-on-description sacctmgr -i modify account research set foo=1 description=x
r read-on-qos sacctmgr -i modify qos normal set foo=1 bar=2
r read-on-qos-warning sacctmgr -i modify qos normal set Priority=abc foo=1
r read-on-qos-maxwall sacctmgr -i modify qos normal set maxwall=abc foo=1
r read-on-qos-flags sacctmgr -i modify qos normal set flags=bogus foo=1
r read-on-account-maxwall sacctmgr -i modify account research set maxwall=abc foo=1
r read-on-account-qos sacctmgr -i modify account research set qos=nosuch foo=1
r read-on-user-adminlevel sacctmgr -i modify user alice set Fairshare=abc adminlevel=bogus
r read-on-add-account sacctmgr -i add account tx1 fairshare=abc foo=1
r read-on-add-qos sacctmgr -i add qos tx1 maxwall=abc foo=1
r read-on-after sacctmgr show assoc format=account,user,share
