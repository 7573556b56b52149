#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about 1 minute.
# Records into cases/ what the main scenario leaves out of scontrol: hostlists, steps,
# suspend/resume, notify, uhold, wait_job, listpids, ping, the commands only an
# administrator may run, -o/-d, and `update` of each job field a user may or may not change.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
# The job id of the last case (a submission): read from its file, since $(...) would run
# the capture in a subshell and lose the case counter.
last_id() { sed -n 's/^Submitted batch job //p' "$GOLDEN_DIR"/"$(printf '%03d' $n)"-*.txt; }
# Another session's jobs would change what is recorded (the first recording met two).
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }

# Hostlists need no job.
c show-hostnames scontrol show hostnames 'dgx[1-3]'
c show-hostnames-mixed scontrol show hostnames 'dgx1,dgx[3-4],login'
c show-hostlist scontrol show hostlist dgx1,dgx2,dgx3,dgx5
c show-hostlist-unsorted scontrol show hostlist dgx3,dgx1,dgx2,dgx1
c show-hostlistsorted scontrol show hostlistsorted dgx3,dgx1,dgx2,dgx1
c show-hostnames-env env 'SLURM_JOB_NODELIST=dgx[2-3]' scontrol show hostnames
c show-hostlist-env env 'SLURM_JOB_NODELIST=dgx2,dgx3' scontrol show hostlist
c show-hostnames-none scontrol show hostnames
c show-hostnames-bad scontrol show hostnames 'dgx[1-'
# What scontrol falls back on inside a job (psij's job script runs it bare).
c show-hostnames-nodelist env 'SLURM_NODELIST=dgx[2-3],dgx1' scontrol show hostnames
c show-hostnames-nodelist-empty env 'SLURM_NODELIST=' scontrol show hostnames
c show-hostnames-nodelist-both env 'SLURM_NODELIST=dgx4' 'SLURM_JOB_NODELIST=dgx[1-2]' scontrol show hostnames
c show-hostlist-nodelist env 'SLURM_NODELIST=dgx4' scontrol show hostlist

# A running 2-node job that takes every core of its nodes, and one that waits for it.
cu sbatch-train alice sbatch -J train -N 2 --ntasks-per-node=112 --mem=100G --gres=gpu:8 --time=1:00:00 --wrap 'sleep 600'
train=$(last_id)
# The waiter asks for more nodes so it ranks first: submitted together, it would start
# and train would wait. Let train start alone first (a submit's pass comes within 2 s).
sleep 3
cu sbatch-waiter alice sbatch -J waiter -N 4 --gres=gpu:8 --time=30 --wrap 'sleep 60'
wait=$(last_id)
sleep 4
c show-step-all scontrol show step
c show-step-job scontrol show step "$train"
c show-step-batch scontrol show step "$train.batch"
c show-step-extern scontrol show step "$train.extern"
c show-step-zero scontrol show step "$train.0"
c show-step-o scontrol -o show step "$train"
c show-step-d scontrol -d show step "$train"
c show-step-pending scontrol show step "$wait"
c show-step-missing scontrol show step 999999
cu show-step-alice alice scontrol show steps
c show-job-o-d scontrol -o -d show job "$train"
c show-node-o scontrol -o show node dgx1
c show-node-d scontrol -d show node dgx1
c show-partition-o scontrol -o show partition gpu
c show-qos scontrol show qos
c show-licenses scontrol show licenses
c show-frontend scontrol show frontend
c show-daemons scontrol show daemons
c show-aliases scontrol show aliases
c show-config-o scontrol -o show config

# Suspend and resume: operators only; a suspended job's cores go to others.
cu suspend-alice alice scontrol suspend "$train"
c suspend-root scontrol suspend "$train"
c suspend-again scontrol suspend "$train"
c suspend-pending scontrol suspend "$wait"
c suspend-missing scontrol suspend 999999
sleep 2
c show-suspended scontrol show job "$train"
c squeue-suspended squeue
cu sbatch-cores bob sbatch -J cores -w "$(scontrol show hostnames "$(squeue -h -j "$train" -o %N)" | head -1)" -n 112 --mem=1G --time=5 --wrap 'sleep 300'
cores=$(last_id)
sleep 4
c squeue-cores squeue
c scancel-cores scancel "$cores"
sleep 2
cu resume-alice alice scontrol resume "$train"
c resume-root scontrol resume "$train"
c resume-running scontrol resume "$train"
c resume-pending scontrol resume "$wait"
c show-resumed scontrol show job "$train"

# notify, uhold, wait_job, listpids, ping, version.
cu notify-alice alice scontrol notify "$train" hello world
cu notify-pending alice scontrol notify "$wait" hello
cu notify-bob bob scontrol notify "$train" hi
c notify-missing scontrol notify 999999 hi
cu notify-nomsg alice scontrol notify "$train"
c uhold-root scontrol uhold "$wait"
c show-uheld scontrol show job "$wait"
cu release-uheld alice scontrol release "$wait"
cu wait-job-running alice scontrol wait_job "$train"
c wait-job-missing scontrol wait_job 999999
c wait-job-none scontrol wait_job
cu listpids-alice alice scontrol listpids
cu listpids-job-alice alice scontrol listpids "$train"
cu ping-alice alice scontrol ping
c version scontrol version

# What only an administrator may run, as a user.
cu reconfigure-alice alice scontrol reconfigure
cu shutdown-alice alice scontrol shutdown
cu takeover-alice alice scontrol takeover
cu setdebug-alice alice scontrol setdebug debug
cu update-partition-alice alice scontrol update PartitionName=gpu MaxTime=1:00:00

# Updates of the running job, as its owner and as root.
cu upd-run-timelimit-raise alice scontrol update JobId="$train" TimeLimit=2:00:00
cu upd-run-timelimit-lower alice scontrol update JobId="$train" TimeLimit=50:00
cu upd-run-partition alice scontrol update JobId="$train" Partition=debug
cu upd-run-qos alice scontrol update JobId="$train" QOS=high
cu upd-run-numnodes alice scontrol update JobId="$train" NumNodes=4
cu upd-run-features alice scontrol update JobId="$train" Features=nvlink
cu upd-run-name alice scontrol update JobId="$train" Name=renamed Comment=hello
c upd-run-partition-root scontrol update JobId="$train" Partition=debug
c upd-run-timelimit-root scontrol update JobId="$train" TimeLimit=3:00:00
c show-run-updated scontrol show job "$train"

# Updates of the pending job, as its owner.
cu upd-pd-partition alice scontrol update JobId="$wait" Partition=debug
# QOS=high would let the job preempt train and start: an unknown QOS is refused instead.
cu upd-pd-qos alice scontrol update JobId="$wait" QOS=nosuch
cu upd-pd-account alice scontrol update JobId="$wait" Account=product
cu upd-pd-account-unknown alice scontrol update JobId="$wait" Account=nosuch
cu upd-pd-features alice scontrol update JobId="$wait" Features=nvlink
cu upd-pd-gres alice scontrol update JobId="$wait" Gres=gpu:4
cu upd-pd-tres-per-node alice scontrol update JobId="$wait" TresPerNode=gres/gpu:6
cu upd-pd-reservation alice scontrol update JobId="$wait" Reservation=nosuch
cu upd-pd-excnodelist alice scontrol update JobId="$wait" ExcNodeList=dgx4
cu upd-pd-excnodelist-clear alice scontrol update JobId="$wait" ExcNodeList=
cu upd-pd-reqnodelist alice scontrol update JobId="$wait" ReqNodeList=dgx1
cu upd-pd-minmemorynode alice scontrol update JobId="$wait" MinMemoryNode=1000
cu upd-pd-minmemorycpu alice scontrol update JobId="$wait" MinMemoryCPU=2000
cu upd-pd-nice-negative alice scontrol update JobId="$wait" Nice=-10
cu upd-pd-nice alice scontrol update JobId="$wait" Nice=10
cu upd-pd-priority alice scontrol update JobId="$wait" Priority=100
cu upd-pd-timelimit-raise alice scontrol update JobId="$wait" TimeLimit=1:00:00
cu upd-pd-timemin alice scontrol update JobId="$wait" TimeMin=10
cu upd-pd-dependency alice scontrol update JobId="$wait" Dependency=afterany:"$train"
cu upd-pd-throttle alice scontrol update JobId="$wait" ArrayTaskThrottle=1
cu upd-pd-mailuser alice scontrol update JobId="$wait" MailUser=alice@example.com MailType=END
cu upd-pd-requeue alice scontrol update JobId="$wait" Requeue=0
cu upd-pd-contiguous alice scontrol update JobId="$wait" Contiguous=1
cu upd-pd-oversubscribe alice scontrol update JobId="$wait" OverSubscribe=yes
cu upd-pd-workdir alice scontrol update JobId="$wait" WorkDir=/tmp
cu upd-pd-stdout alice scontrol update JobId="$wait" StdOut=/tmp/x.out
cu upd-pd-licenses alice scontrol update JobId="$wait" Licenses=foo
cu upd-pd-deadline alice scontrol update JobId="$wait" Deadline=now+2hours
cu upd-pd-wckey alice scontrol update JobId="$wait" WCKey=abc
cu upd-pd-bad-key alice scontrol update JobId="$wait" Foo=bar
cu upd-pd-starttime alice scontrol update JobId="$wait" StartTime=now+1hour
cu upd-pd-jobname alice scontrol update JobName=waiter Comment=byname
c show-pd-updated scontrol show job "$wait"
c upd-pd-priority-root scontrol update JobId="$wait" Priority=100
cu upd-bob bob scontrol update JobId="$wait" Comment=mine
c upd-missing scontrol update JobId=999999 Comment=x

# The script a job was given, the jobs still completing (none), this host's daemons.
cu write-script alice scontrol write batch_script "$wait" -
cu write-script-badfile alice scontrol write batch_script "$wait" /nonexistent/x.sh
cu write-script-bob bob scontrol write batch_script "$wait" -
cu write-script-missing alice scontrol write batch_script 999999 -
cu write-script-noid alice scontrol write batch_script
cu write-none alice scontrol write
cu write-bad alice scontrol write foo 1
cu write-many alice scontrol write batch_script "$wait" a b
c completing scontrol completing
c completing-arg scontrol completing x
c daemons-arg scontrol show daemons x

c scancel-all scancel -u alice
c scancel-all-bob scancel -u bob
sleep 2
# Options anywhere, after the command words too; -Q keeps a failing command quiet.
c opts-after scontrol show partition debug -o
c opts-after-cluster scontrol show partition debug -M other
c opts-after-errnumstr scontrol errnumstr -1
cu quiet-partition alice scontrol -Q show partition nosuch
cu quiet-node alice scontrol -Q show node nosuch
cu quiet-hold alice scontrol -Q hold 999999
cu quiet-ok alice scontrol -Q show hostnames 'dgx[1-2]'
