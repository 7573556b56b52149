#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 40 s. Records into cases/ what `scontrol update JobId=...` makes of the fields a user
# sends: each on a new held job of alice's (-t 20), then the job shown. Values scontrol
# refuses itself (with and without its "error:" prefix), fields it does not know, fields
# only an operator may change, node and partition lists, mail settings. Cancelled after.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
upd() {  # a new held job, the update, the job shown
  local nm=$1; shift
  c "$nm-sbatch" sbatch -H -t 20 --wrap='sleep 1'
  local id
  id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
  c "$nm" scontrol update "JobId=$id" "$@"
  c "$nm-show" scontrol show job "$id"
}

upd mem-node MinMemoryNode=10240
upd mem-node-suffix MinMemoryNode=10G
upd mem-cpu MinMemoryCPU=2048
upd stderr StdErr=/tmp/e2
upd begin-time BeginTime=now+1hour
upd mail MailType=BEGIN,END MailUser=x@y
upd mail-user-alone MailUser=a@b
upd mail-type-bad MailType=bogus
upd user-alone UserId=bob
upd user-and-name UserId=bob JobName=x
upd exc-hostlist 'ExcNodeList=dgx[1-2]'
upd req-hostlist 'ReqNodeList=dgx[1-2]'
upd partition-list Partition=debug,gpu
upd time-limit-bad TimeLimit=abc
upd time-min-bad TimeMin=abc
upd requeue-bad Requeue=abc
upd throttle-bad ArrayTaskThrottle=abc
upd core-spec CoreSpec=1
upd oversubscribe OverSubscribe=yes
upd deadline Deadline=now+1day
upd licenses Licenses=foo
upd num-nodes NumNodes=2
upd num-nodes-range NumNodes=1-3
upd reservation-then-features Reservation=nosuch Features=foo
upd delay-minutes Delay=90
upd delay-seconds Delay=1:30
upd delay-bad Delay=abc
upd wckey WCKey=zz
# Node states as scontrol reads them, before it asks whether the user may.
c node-state-bad scontrol update NodeName=dgx1 State=BOGUS
c node-state-short scontrol update NodeName=dgx1 State=dr
c cancel scancel -u alice
