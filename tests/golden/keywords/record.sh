#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about
# 60 s. Records how sacctmgr reads its command and entity words, the conditions and
# options of each entity, the columns `format=` names, the settings `set` takes (on
# nothing, or refused), and scontrol the keys of a node
# update and a reservation (prefixes, the order they are tried in, the fewest letters each
# takes),
# and sacctmgr's `show configuration`. It leaves the oracle as it found it (sacctmgr's one
# change is answered no; the node drained is resumed).
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
rm -f "$GOLDEN_DIR"/*.txt
cp "$HERE"/stdin/* /tmp/slurm-oracle-jobs/
C=/work/shared/oracle/capture.sh
n=0
# "Configuration data as of" is the second sacctmgr runs in: start those early in a second.
fresh() { sleep "$(printf '0.%09d' $(( 1000000000 - 10#$(date +%N) )))"; }
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
ci() { local nm=$1 in=$2; shift 2; n=$((n+1)); timeout 20 $C -i $in "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
fresh; c show-configuration sacctmgr show configuration
fresh; cu show-config-alice alice sacctmgr show config
fresh; c show-co-parsable sacctmgr -p show co
fresh; c show-conf-words sacctmgr -n list conf where name=x
c sho-u sacctmgr sho u
c lis-q sacctmgr lis q format=name,priority
c show-f sacctmgr show f
c show-p sacctmgr show p
c show-w sacctmgr show w
c show-o sacctmgr show o
c show-l sacctmgr show l
c show-ru sacctmgr show ru
c show-r sacctmgr show r
c show-re sacctmgr show re
c show-res sacctmgr show res
c show-resou sacctmgr show resou
c show-a sacctmgr show a
c show-ac sacctmgr show ac format=account,descr
c show-acc sacctmgr show acc format=account
c show-acctx sacctmgr show acctx
c show-as sacctmgr show as format=account,user,fairshare
c show-c sacctmgr show c
c show-cl sacctmgr show cl format=cluster
c show-tre sacctmgr show tre
c show-tres sacctmgr show tres
c show-tresx sacctmgr show tresx
c show-users-s sacctmgr show USERS
c show-qosx sacctmgr show qosx
c sh-u sacctmgr sh u
c li-u sacctmgr li u
c show-nothing sacctmgr show
ci add-a-answer-n answer-n sacctmgr add a tw1
c add-accounts sacctmgr -i add accounts tw1
c add-c sacctmgr -i add c tw1
c add-as sacctmgr -i add as tw1
c add-e sacctmgr -i add event tw1
c cre-q sacctmgr -i cre q normal
c m-q-nothing sacctmgr -i m q nosuch set priority=1
c u-u-nothing sacctmgr -i u u nosuch set maxjobs=1
c mod-qoss-nothing sacctmgr -i mod qoss nosuch set priority=1
c modify-qosx sacctmgr -i modify qosx nosuch set priority=1
c modify-clus sacctmgr -i modify clus dgxcluster set fairshare=1
c modify-e sacctmgr -i modify e nosuch
c del-q sacctmgr -i del q nosuch
c del-qo sacctmgr -i del qo nosuch
c rem-u sacctmgr -i rem u nosuch
c delete-res sacctmgr -i delete reservation nosuch
c de-u sacctmgr -i de u nosuch
c he sacctmgr he
c help-extra sacctmgr help me
c vers sacctmgr vers
c version-extra sacctmgr version 1
c ver sacctmgr ver
cu node-s-as-alice alice scontrol update nodename=dgx1 s=drain r=x
c node-bogus scontrol update nodename=dgx1 bogus=1
c node-c scontrol update nodename=dgx1 c=x
c node-s-idle scontrol update nodename=dgx1 s=idle
c node-st-drain-no-reason scontrol update nodename=dgx1 st=drain
c node-s-drain-r scontrol update nodename=dgx1 s=drain r=teach
c node-sinfo-r sinfo -R
c node-s-res scontrol update nodename=dgx1 s=res
sleep 2  # the node answers the controller's ping within about a second: past it
c node-nod-rea-sta scontrol update nod=dgx1 rea='"quoted reason"' sta=dra
c node-show-reason scontrol show node dgx1
c node-stat-resume scontrol update nodename=dgx1 stat=resume
c node-no scontrol update no=dgx1 s=idle
c node-n scontrol update n=dgx1 s=drain r=x
c node-state-bogus scontrol update nodename=dgx1 s=bogus
c sa-show-account-withcoord sacctmgr show account withcoord
c sa-show-user-withc-format-user sacctmgr show user withc format=user
c sa-show-user-withcoord-withassoc sacctmgr show user withcoord withassoc
c sa-show-account-withc-withassoc sacctmgr show account withc withassoc
c sa-p-show-user-withcoord sacctmgr -P show user withcoord
c sa-show-assoc-5-format-id-account-user sacctmgr show assoc 5 format=id,account,user
c sa-show-assoc-x sacctmgr show assoc x
c sa-show-assoc-5x sacctmgr show assoc 5x
c sa-show-assoc-tr-format-account-user sacctmgr show assoc tr format=account,user
c sa-show-assoc-where-bogus-1 sacctmgr show assoc where bogus=1
c sa-show-user-where-bogus-1 sacctmgr show user where bogus=1
c sa-show-account-where-bogus-1 sacctmgr show account where bogus=1
c sa-show-qos-where-bogus-1 sacctmgr show qos where bogus=1
c sa-show-user-where-ad-none sacctmgr show user where ad=none
c sa-show-user-where-ad-admin sacctmgr show user where ad=admin
c sa-show-user-where-adminlevel-administrator sacctmgr show user where adminlevel=administrator
c sa-show-user-where-defaulta-product sacctmgr show user where defaulta=product
c sa-show-user-where-cl-dgxcluster sacctmgr show user where cl=dgxcluster
c sa-show-user-where-c-nosuch sacctmgr show user where c=nosuch
c sa-show-qos-where-n-high sacctmgr show qos where n=high
c sa-show-qos-where-qosl-high-format-name sacctmgr show qos where qosl=high format=name
c sa-show-qos-where-i-2-format-name sacctmgr show qos where i=2 format=name
c sa-show-qos-where-d-high-format-name sacctmgr show qos where d=high format=name
c sa-show-account-where-o-dgx sacctmgr show account where o=dgx
c sa-show-account-where-org-dgx sacctmgr show account where org=dgx
c sa-show-account-where-d-research sacctmgr show account where d=research
c sa-show-account-where-n-research-product sacctmgr show account where n=research,product
c sa-show-account-where-acct-research sacctmgr show account where acct=research
c sa-show-assoc-where-u-alice-format-account- sacctmgr show assoc where u=alice format=account,user
c sa-show-assoc-where-us-alice-format-account sacctmgr show assoc where us=alice format=account,user
c sa-show-assoc-where-ac-research-format-acco sacctmgr show assoc where ac=research format=account,user
c sa-show-assoc-where-parents-root-format-acc sacctmgr show assoc where parents=root format=account,user
c sa-show-assoc-where-par-root-format-account sacctmgr show assoc where par=root format=account,user
c sa-show-assoc-where-part-gpu-format-account sacctmgr show assoc where part=gpu format=account,user
c sa-show-assoc-where-cl-dgxcluster-format-ac sacctmgr show assoc where cl=dgxcluster format=account,user
c sa-show-assoc-where-as-5-format-account-use sacctmgr show assoc where as=5 format=account,user
c sa-show-assoc-where-i-5-format-account-user sacctmgr show assoc where i=5 format=account,user
c sa-show-assoc-where-i-x-format-account-user sacctmgr show assoc where i=x format=account,user
c sa-show-assoc-f-account-user sacctmgr show assoc f=account,user
c sa-show-user-fo-user sacctmgr show user fo=user
c sa-show-user-f-user sacctmgr show user f=user
c sa-show-user-form-user-20 sacctmgr show user form=user%20
c sa-show-account-fo-account sacctmgr show account fo=account
c sa-show-qos-f-name sacctmgr show qos f=name
c sa-show-user-alice-witha sacctmgr show user alice witha
c sa-show-user-alice-wa sacctmgr show user alice wa
c sa-show-user-alice-withd sacctmgr show user alice withd
c sa-show-user-alice-withr sacctmgr show user alice withr
c sa-show-user-alice-wopl sacctmgr show user alice wopl
c sa-show-user-alice-wop sacctmgr show user alice wop
c sa-show-account-research-withassoc-where-us sacctmgr show account research withassoc where user=alice
c sa-show-user-where-wckeys-x sacctmgr show user where wckeys=x
c sa-modify-user-where-n-nosuch-set-maxjobs-1 sacctmgr modify user where n=nosuch set maxjobs=1
c sa-modify-user-where-bogus-1-set-maxjobs-1 sacctmgr modify user where bogus=1 set maxjobs=1
c sa-modify-account-where-bogus-1-set-descrip sacctmgr modify account where bogus=1 set description=x
c sa-modify-qos-where-bogus-1-set-priority-1 sacctmgr modify qos where bogus=1 set priority=1
c sa-delete-user-where-bogus-1 sacctmgr delete user where bogus=1
c sa-delete-account-where-bogus-1 sacctmgr delete account where bogus=1
c sa-i-delete-user-where-n-nosuch sacctmgr -i delete user where n=nosuch
c sa-i-delete-account-where-n-nosuch sacctmgr -i delete account where n=nosuch
c sa-i-delete-qos-where-n-nosuch sacctmgr -i delete qos where n=nosuch
c fmt-show-cluster-format-name sacctmgr show cluster format=name
c fmt-show-user-format-name sacctmgr show user format=name
c fmt-show-user-format-user-defacct sacctmgr show user format=user,defacct
c fmt-show-assoc-format-account-defqos sacctmgr show assoc format=account,defqos
c fmt-show-qos-format-name-p sacctmgr show qos format=name,p
c fmt-show-qos-format-name-problem-5 sacctmgr show qos format=name,problem%5
c fmt-show-qos-format-n sacctmgr show qos format=n
c fmt-show-qos-format-na-prio-maxtrespu-maxtre sacctmgr show qos format=na,prio,maxtrespu,maxtresperuser,maxjobsperuser,maxsubmitjobsperuser,grpsubmitjobs,usagethreshold
c fmt-show-assoc-format-acco-user-20-qos-30-de sacctmgr show assoc format=acco,user%20,qos%30,defaultq
c fmt-show-user-format-us-defaultacc-adm-coord sacctmgr show user format=us,defaultacc,adm,coord
c fmt-show-account-format-acc-des-org-coord sacctmgr show account format=acc,des,org,coord
c fmt-show-account-format-acc-o sacctmgr show account format=acc,o
c fmt-show-tres-format-ty-na-i sacctmgr show tres format=ty,na,i
c fmt-show-tres-format-type-name-id sacctmgr show tres format=type,name,id
c fmt-show-cluster-format-cl-controlh-controlp sacctmgr show cluster format=cl,controlh,controlp,rpc,share,qos,defaultqos
c fmt-show-cluster-format-c sacctmgr show cluster format=c
c fmt-show-event-format-node sacctmgr show event format=node
c fmt-show-problem-format-cluster-account-user sacctmgr show problem format=cluster,account,user,problem,name
c fmt-show-wckey-format-name-cluster-user sacctmgr show wckey format=name,cluster,user
c fmt-show-federation-format-federation-cluste sacctmgr show federation format=federation,cluster,id,features,fedstate,name
c fmt-show-assoc-format sacctmgr show assoc format=
c fmt-show-assoc-format-account-x sacctmgr show assoc format=account%x
c fmt-show-user-format-us-defa sacctmgr show user format=us,defa
c fmt-show-user-format-u-d sacctmgr show user format=u,d
c fmt-show-account-format-a-d-o sacctmgr show account format=a,d,o
c fmt-show-qos-format-n-pri-preempt sacctmgr show qos format=n,pri,preempt
c fmt-show-assoc-format-a-u-s sacctmgr show assoc format=a,u,s
c fmt-show-user-fo-user sacctmgr show user fo=user
c fmt-show-user-form-user-20 sacctmgr show user form=user%20
c resv-update-reservationname-nosuch-st-now scontrol update reservationname=nosuch st=now
c resv-update-reservationname-nosuch-e-now-1hou scontrol update reservationname=nosuch e=now+1hour
c resv-update-reservationname-nosuch-d-60 scontrol update reservationname=nosuch d=60
c resv-update-reservationname-nosuch-u-alice scontrol update reservationname=nosuch u=alice
c resv-update-reservationname-nosuch-a-research scontrol update reservationname=nosuch a=research
c resv-update-reservationname-nosuch-fl-maint scontrol update reservationname=nosuch fl=maint
c resv-update-reservationname-nosuch-p-gpu scontrol update reservationname=nosuch p=gpu
c resv-update-reservationname-nosuch-nodec-1 scontrol update reservationname=nosuch nodec=1
c resv-update-reservationname-nosuch-s-now scontrol update reservationname=nosuch s=now
c resv-update-reservationname-nosuch-n-dgx1 scontrol update reservationname=nosuch n=dgx1
c resv-update-reservationname-nosuch-resv-x scontrol update reservationname=nosuch resv=x
c resv-update-reservationname-nosuch-d-bogus scontrol update reservationname=nosuch d=bogus
c resv-update-reservationname-nosuch-starttime- scontrol update reservationname=nosuch starttime=bogus
c resv-create-reservation-st-bogus-du-5-nodes-d scontrol create reservation st=bogus du=5 nodes=dgx1 users=alice
c resv-create-reservation-st-now-du-bogus-nodes scontrol create reservation st=now du=bogus nodes=dgx1 users=alice
c resv-create-reservationname-kw1-st-2026-12-06 scontrol create reservationname=kw1 st=2026-12-06T10:00:00 du=30 nodes=dgx1 u=alice fl=maint
c resv-show-reservation-kw1 scontrol show reservation kw1
c resv-update-reservationname-kw1-d-45-a-resear scontrol update reservationname=kw1 d=45 a=research u=
c resv-show-reservation-kw1 scontrol show reservation kw1
c resv-delete-reservation-kw1 scontrol delete reservation kw1
c set-modify-user-nosuch-set-maxjobs-5 sacctmgr -i modify user nosuch set maxjobs=5
c set-modify-user-nosuch-set-maxj-5 sacctmgr -i modify user nosuch set maxj=5
c set-modify-user-nosuch-set-maxjobsperuser-5 sacctmgr -i modify user nosuch set maxjobsperuser=5
c set-modify-user-nosuch-set-maxsubmit-5 sacctmgr -i modify user nosuch set maxsubmit=5
c set-modify-user-nosuch-set-maxs-5 sacctmgr -i modify user nosuch set maxs=5
c set-modify-user-nosuch-set-maxw-60 sacctmgr -i modify user nosuch set maxw=60
c set-modify-user-nosuch-set-maxwall-60 sacctmgr -i modify user nosuch set maxwall=60
c set-modify-user-nosuch-set-maxtres-cpu-4 sacctmgr -i modify user nosuch set maxtres=cpu=4
c set-modify-user-nosuch-set-maxt-cpu-4 sacctmgr -i modify user nosuch set maxt=cpu=4
c set-modify-user-nosuch-set-grpjobs-5 sacctmgr -i modify user nosuch set grpjobs=5
c set-modify-user-nosuch-set-grpj-5 sacctmgr -i modify user nosuch set grpj=5
c set-modify-user-nosuch-set-grptres-cpu-4 sacctmgr -i modify user nosuch set grptres=cpu=4
c set-modify-user-nosuch-set-grpt-cpu-4 sacctmgr -i modify user nosuch set grpt=cpu=4
c set-modify-user-nosuch-set-fairshare-5 sacctmgr -i modify user nosuch set fairshare=5
c set-modify-user-nosuch-set-fa-5 sacctmgr -i modify user nosuch set fa=5
c set-modify-user-nosuch-set-f-5 sacctmgr -i modify user nosuch set f=5
c set-modify-user-nosuch-set-share-5 sacctmgr -i modify user nosuch set share=5
c set-modify-user-nosuch-set-sh-5 sacctmgr -i modify user nosuch set sh=5
c set-modify-user-nosuch-set-s-5 sacctmgr -i modify user nosuch set s=5
c set-modify-user-nosuch-set-qos-normal sacctmgr -i modify user nosuch set qos=normal
c set-modify-user-nosuch-set-q-normal sacctmgr -i modify user nosuch set q=normal
c set-modify-user-nosuch-set-qos-high sacctmgr -i modify user nosuch set qos+=high
c set-modify-user-nosuch-set-defaultqos-normal sacctmgr -i modify user nosuch set defaultqos=normal
c set-modify-user-nosuch-set-defaultq-normal sacctmgr -i modify user nosuch set defaultq=normal
c set-modify-user-nosuch-set-defaultaccount-re sacctmgr -i modify user nosuch set defaultaccount=research
c set-modify-user-nosuch-set-defaulta-research sacctmgr -i modify user nosuch set defaulta=research
c set-modify-user-nosuch-set-defaultacc-resear sacctmgr -i modify user nosuch set defaultacc=research
c set-modify-user-nosuch-set-adminlevel-operat sacctmgr -i modify user nosuch set adminlevel=operator
c set-modify-user-nosuch-set-ad-operator sacctmgr -i modify user nosuch set ad=operator
c set-modify-user-nosuch-set-a-operator sacctmgr -i modify user nosuch set a=operator
c set-modify-user-nosuch-set-priority-5 sacctmgr -i modify user nosuch set priority=5
c set-modify-user-nosuch-set-pri-5 sacctmgr -i modify user nosuch set pri=5
c set-modify-user-nosuch-set-bogus-5 sacctmgr -i modify user nosuch set bogus=5
c set-modify-user-nosuch-set-maxjobs-abc sacctmgr -i modify user nosuch set maxjobs=abc
c set-modify-user-nosuch-set-maxjobs-1 sacctmgr -i modify user nosuch set maxjobs=-1
c set-modify-user-nosuch-set-grpwall-bogus sacctmgr -i modify user nosuch set grpwall=bogus
c set-modify-user-nosuch-set-maxtresmins-cpu-5 sacctmgr -i modify user nosuch set maxtresmins=cpu=5
c set-modify-user-nosuch-set-grptresmins-cpu-5 sacctmgr -i modify user nosuch set grptresmins=cpu=5
c set-modify-user-nosuch-set-grptresrunmins-cp sacctmgr -i modify user nosuch set grptresrunmins=cpu=5
c set-modify-user-nosuch-set-maxtrespernode-cp sacctmgr -i modify user nosuch set maxtrespernode=cpu=5
c set-modify-user-nosuch-set-grpsubmit-5 sacctmgr -i modify user nosuch set grpsubmit=5
c set-modify-user-nosuch-set-grps-5 sacctmgr -i modify user nosuch set grps=5
c set-modify-account-nosuch-set-description-x sacctmgr -i modify account nosuch set description=x
c set-modify-account-nosuch-set-d-x sacctmgr -i modify account nosuch set d=x
c set-modify-account-nosuch-set-de-x sacctmgr -i modify account nosuch set de=x
c set-modify-account-nosuch-set-organization-x sacctmgr -i modify account nosuch set organization=x
c set-modify-account-nosuch-set-o-x sacctmgr -i modify account nosuch set o=x
c set-modify-account-nosuch-set-maxjobs-5 sacctmgr -i modify account nosuch set maxjobs=5
c set-modify-account-nosuch-set-fairshare-5 sacctmgr -i modify account nosuch set fairshare=5
c set-modify-account-nosuch-set-bogus-1 sacctmgr -i modify account nosuch set bogus=1
c set-modify-qos-nosuch-set-priority-5 sacctmgr -i modify qos nosuch set priority=5
c set-modify-qos-nosuch-set-p-5 sacctmgr -i modify qos nosuch set p=5
c set-modify-qos-nosuch-set-pri-5 sacctmgr -i modify qos nosuch set pri=5
c set-modify-qos-nosuch-set-preempt-normal sacctmgr -i modify qos nosuch set preempt=normal
c set-modify-qos-nosuch-set-preemptm-cluster sacctmgr -i modify qos nosuch set preemptm=cluster
c set-modify-qos-nosuch-set-preemptmode-requeu sacctmgr -i modify qos nosuch set preemptmode=requeue
c set-modify-qos-nosuch-set-preemptexempttime- sacctmgr -i modify qos nosuch set preemptexempttime=60
c set-modify-qos-nosuch-set-flags-denyonlimit sacctmgr -i modify qos nosuch set flags=denyonlimit
c set-modify-qos-nosuch-set-fl-denyonlimit sacctmgr -i modify qos nosuch set fl=denyonlimit
c set-modify-qos-nosuch-set-f-denyonlimit sacctmgr -i modify qos nosuch set f=denyonlimit
c set-modify-qos-nosuch-set-gracetime-5 sacctmgr -i modify qos nosuch set gracetime=5
c set-modify-qos-nosuch-set-g-5 sacctmgr -i modify qos nosuch set g=5
c set-modify-qos-nosuch-set-gr-5 sacctmgr -i modify qos nosuch set gr=5
c set-modify-qos-nosuch-set-maxtrespu-cpu-4 sacctmgr -i modify qos nosuch set maxtrespu=cpu=4
c set-modify-qos-nosuch-set-maxtresperuser-cpu sacctmgr -i modify qos nosuch set maxtresperuser=cpu=4
c set-modify-qos-nosuch-set-maxjobspu-4 sacctmgr -i modify qos nosuch set maxjobspu=4
c set-modify-qos-nosuch-set-maxjobsperuser-4 sacctmgr -i modify qos nosuch set maxjobsperuser=4
c set-modify-qos-nosuch-set-maxsubmitpu-4 sacctmgr -i modify qos nosuch set maxsubmitpu=4
c set-modify-qos-nosuch-set-maxsubmitjobsperus sacctmgr -i modify qos nosuch set maxsubmitjobsperuser=4
c set-modify-qos-nosuch-set-maxwall-60 sacctmgr -i modify qos nosuch set maxwall=60
c set-modify-qos-nosuch-set-maxwalldurationper sacctmgr -i modify qos nosuch set maxwalldurationperjob=60
c set-modify-qos-nosuch-set-usagefactor-2 sacctmgr -i modify qos nosuch set usagefactor=2
c set-modify-qos-nosuch-set-usagef-2 sacctmgr -i modify qos nosuch set usagef=2
c set-modify-qos-nosuch-set-usagethreshold-0-5 sacctmgr -i modify qos nosuch set usagethreshold=0.5
c set-modify-qos-nosuch-set-description-x sacctmgr -i modify qos nosuch set description=x
c set-modify-qos-nosuch-set-descr-x sacctmgr -i modify qos nosuch set descr=x
c set-modify-qos-nosuch-set-de-x sacctmgr -i modify qos nosuch set de=x
c set-modify-qos-nosuch-set-mintres-cpu-1 sacctmgr -i modify qos nosuch set mintres=cpu=1
c set-modify-qos-nosuch-set-grpjobs-5 sacctmgr -i modify qos nosuch set grpjobs=5
c set-modify-qos-nosuch-set-grptres-cpu-5 sacctmgr -i modify qos nosuch set grptres=cpu=5
c set-modify-qos-nosuch-set-bogus-1 sacctmgr -i modify qos nosuch set bogus=1
c set-modify-qos-nosuch-set-id-5 sacctmgr -i modify qos nosuch set id=5
c set-modify-qos-nosuch-set-maxtres-cpu-4 sacctmgr -i modify qos nosuch set maxtres=cpu=4
c set-modify-qos-nosuch-set-maxtresperjob-cpu- sacctmgr -i modify qos nosuch set maxtresperjob=cpu=4
c set-modify-qos-nosuch-set-maxtrespa-cpu-4 sacctmgr -i modify qos nosuch set maxtrespa=cpu=4
c set-modify-qos-nosuch-set-maxjobspa-4 sacctmgr -i modify qos nosuch set maxjobspa=4
c set-modify-qos-nosuch-set-maxsubmitpa-4 sacctmgr -i modify qos nosuch set maxsubmitpa=4
c set-modify-user-nosuch-set-fairshare-abc sacctmgr -i modify user nosuch set fairshare=abc
c set-modify-user-nosuch-set-grptres-bogus sacctmgr -i modify user nosuch set grptres=bogus
c set-modify-account-nosuch-set-maxjobs-abc sacctmgr -i modify account nosuch set maxjobs=abc
c set-modify-qos-nosuch-set-maxjobspu-abc sacctmgr -i modify qos nosuch set maxjobspu=abc
c set-modify-qos-nosuch-set-priority-abc sacctmgr -i modify qos nosuch set priority=abc
c set-modify-qos-nosuch-set-gracetime-abc sacctmgr -i modify qos nosuch set gracetime=abc
c set-modify-qos-nosuch-set-maxsubmitjobsperac sacctmgr -i modify qos nosuch set maxsubmitjobsperaccount=abc
c set-modify-qos-nosuch-set-priority-abc-grpjo sacctmgr -i modify qos nosuch set priority=abc grpjobs=5
c set-modify-user-nosuch-set-qos-bogus sacctmgr -i modify user nosuch set qos=bogus
c set-add-user-zz1-account-research-maxjobs-ab sacctmgr -i add user zz1 account=research maxjobs=abc
c set-add-user-zz1-account-research-bogus-1 sacctmgr -i add user zz1 account=research bogus=1
c set-add-account-zz1-maxjobs-abc sacctmgr -i add account zz1 maxjobs=abc
c fmt-dup-show-qos-format-name-priority-name sacctmgr show qos format=name,priority,name
c fmt-dup-show-qos-format-name-20-name sacctmgr show qos format=name%20,name
c fmt-dup-show-qos-format-name-name-case sacctmgr show qos format=Name,NAME
c fmt-dup-show-resource-format sacctmgr show resource format=name,server,type,server
