#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 20 s. Records into cases/, as alice, the option tables of the commands (the other
# spellings Slurm's tables list: squeue --accounts, --partitions, --users, --nodes; sacct
# --fields, --group, --help-fields; sprio --users; the short letters kept for old scripts,
# and which abbreviations are ambiguous), what srun checks in its options before it asks
# for a job (--cpu-bind's words on a cluster that binds no tasks, -Z and -r, --exact with
# --whole, -Q with -v), and where --x11 stops when no display can be forwarded.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
JOBS=/tmp/slurm-oracle-jobs
cp "$HERE/bb.txt" "$JOBS/" && chmod a+r "$JOBS/bb.txt"

# Other spellings and abbreviations of the read-only commands' options.
c squeue-accounts squeue --accounts=research
c squeue-partitions squeue --partitions=gpu --users=alice --nodes=dgx1 --node=dgx2
c squeue-U squeue -U research
c squeue-sib squeue --sib
c squeue-s squeue --s
c squeue-no squeue --no
c squeue-user-abbrev squeue --use=alice
c sinfo-cluster sinfo --cluster=nosuch
c sinfo-no sinfo --no
c sprio-users sprio --users=alice
c sprio-sib sprio --sib
c sprio-s sprio --s
c sacct-fields sacct -X -n --fields=jobid,state --starttime=now
c sacct-fi sacct --fi=jobid
c sacct-group sacct -X -n --group=nosuch
c sacct-g sacct -X -n --g 99999 --starttime=now
c sacct-help-fields sacct --help-fields
c sacct-t sacct -t -n --starttime=now
c sacct-us sacct --us=alice
c sshare-h sshare -h -o Account,User,RawShares
c sshare-q sshare -q
c sshare-t sshare -t 5
c sshare-t-missing sshare -t
c sshare-cluster sshare --cluster=nosuch
c scancel-jobname scancel --jobname=nosuch
c scancel-n scancel --n=x
c sacctmgr-M sacctmgr -M x show qos
c sacctmgr-cluster sacctmgr --cluster=x show qos
c scontrol-cluster scontrol --cluster=nosuch show partition gpu
# srun, salloc and sbatch: options only some of them have.
c srun-requeue srun --requeue -n1 true
c srun-no-requeue srun --no-requeue -n1 true
c srun-launch-cmd srun --launch-cmd true
c srun-join srun -j true
c srun-ext srun --ext=1 true
c srun-overlap-value srun --overlap=force -n1 true
c srun-whole srun --whole -n1 true
c srun-interactive srun --interactive -n1 true
c salloc-export salloc --export=ALL true
c sbatch-cpu-bind sbatch --cpu-bind=cores --wrap=true
c salloc-cpu-bind salloc --cpu-bind=cores true
# srun --cpu-bind where tasks cannot be bound (TaskPlugin=task/none).
c no-command srun
c no-command-cpu-bind srun --cpu-bind=bogus
c cpu-bind-cores srun --cpu-bind=cores -n1 true
c cpu-bind-underscore srun --cpu_bind=none -n1 true
c cpu-bind-help srun --cpu-bind=help true
c cpu-bind-none-help srun --cpu-bind=none,help -n1 true
c cpu-bind-bogus srun --cpu-bind=bogus,cores,other -n1 true
c cpu-bind-empty srun --cpu-bind= -n1 true
c cpu-bind-trailing-comma srun --cpu-bind=cores, -n1 true
c cpu-bind-map-missing srun --cpu-bind=map_cpu: -n1 true
c cpu-bind-map-bad-times srun --cpu-bind=map_cpu:1*x -n1 true
c cpu-bind-map-zero-times srun --cpu-bind=map_cpu:1*0 -n1 true
c cpu-bind-map-bad-value srun --cpu-bind=map_cpu:1,2,x -n1 true
c cpu-bind-map srun --cpu-bind=map_cpu:0,1*2 -n1 true
c cpu-bind-mask srun --cpu-bind=mask_cpu:0x3,0xc,f -n1 true
c cpu-bind-mask-bad srun --cpu-bind=mask_cpu:0xg -n1 true
c cpu-bind-mask-ldom-missing srun --cpu-bind=mask_ldom -n1 true
c cpu-bind-verbose-sockets srun --cpu-bind=v,sockets,one_thread,rank_ldom -n1 true
c cpu-bind-env env SLURM_CPU_BIND=cores srun -n1 true
c cpu-bind-env-bad env SLURM_CPU_BIND=bogus srun -n1 true
c threads-per-core srun --threads-per-core=1 -n1 true
c threads-per-core-verbose-bind srun --threads-per-core=1 --cpu-bind=verbose -n1 true
c threads-per-core-cores srun --cpu-bind=cores --threads-per-core=1 -n1 true
c threads-per-core-v-refused srun -v --threads-per-core=1 --exact --whole true
# Options srun refuses together.
c exact-whole srun --exact --whole -n1 true
c exact-whole-bad-bind srun --cpu-bind=bogus --exact --whole -n1 true
c no-allocate-exclude srun -Z -x dgx1 true
c no-allocate-relative srun -Z -w dgx1 -r 1 true
c relative-exclude srun -r 1 -x dgx1 true
c relative-new-job srun -r 1 -n1 true
c exclusive-overlap srun --exclusive --overlap true
c quiet-verbose-srun srun -v -Q -n1 true
c quiet-verbose-salloc salloc -v -Q true
c quiet-verbose-sbatch sbatch -v -Q --wrap=true
# --x11 with no display that can be forwarded.
c x11-no-display srun --x11 -n1 true
c x11-salloc-no-display salloc --x11 true
c x11-kind srun --x11=BATCH -n1 true
c x11-other-word srun --x11=bogus -n1 true
c x11-local-socket env DISPLAY=:0 srun --x11 -n1 true
c x11-local-screen env DISPLAY=:7.1 salloc --x11=first true
c x11-no-colon env DISPLAY=foo srun --x11 -n1 true
c x11-empty env DISPLAY= srun --x11 -n1 true
# Options sbatch, salloc and srun refuse together once all are read.
c bb-and-bbf-sbatch sbatch -H --bb=x --bbf=bb.txt --wrap=true
c bb-and-bbf-salloc salloc --bb=x --bbf=bb.txt true
c bb-and-bbf-srun srun --bb=x --bbf=bb.txt true
c bbf-missing-sbatch sbatch -H --bbf=missing.txt --wrap=true
c bbf-missing-salloc salloc --bbf=missing.txt true
c bbf-missing-srun srun --bbf=missing.txt true
c bbf-sbatch sbatch -H --bbf=bb.txt --wrap=true
id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
c bbf-sbatch-script scontrol write batch_script "$id" -
c deadline-before-begin-sbatch sbatch -H --begin=now+1hour --deadline=now --wrap=true
c deadline-before-begin-salloc salloc --begin=now+1hour --deadline=now true
c deadline-before-begin-srun srun --begin=now+1hour --deadline=now true
c plane-too-large-sbatch sbatch -H -m plane=4 -N 2 --wrap=true
c plane-fits-sbatch sbatch -H -m plane=2 -n 3 -N 2 --wrap=true
c plane-range-sbatch sbatch -H -m plane=4 -n 5 -N 2-3 --wrap=true
c plane-too-large-salloc salloc -m plane=4 -n 2 -N 2 true
c plane-srun-unchecked srun -m plane=4 -n 2 -N 2 true
# Options that answer with their help, and the words --hint and --mem-bind take.
c hint-help-sbatch sbatch -H --hint=help --wrap=true
c hint-help-salloc salloc --hint=help true
c hint-help-srun srun --hint=help true
c hint-bad-word sbatch -H --hint=compute_bound,bogus --wrap=true
c mem-bind-help-sbatch sbatch -H --mem-bind=help --wrap=true
c mem-bind-help-srun srun --mem-bind=local,help -n1 true
c mem-bind-bad-word sbatch -H --mem-bind=local,bogus --wrap=true
c mem-bind-map-missing sbatch -H --mem-bind=map_mem --wrap=true
c mem-bind-mask-bad srun --mem-bind=mask_mem:0xz -n1 true
c gres-help-sbatch sbatch -H --gres=help --wrap=true
c gres-list-srun srun --gres=LIST
c gres-help-salloc salloc --gres=help true
# srun --mpi: the plugins listed, one that is not installed, one that is.
c mpi-list srun --mpi=list
c mpi-unknown srun --mpi=bogus -n1 true
c mpi-unknown-env env SLURM_MPI_TYPE=openmpi srun -n1 true
c mpi-pmi2 srun --mpi=pmi2 -n1 true
c mpi-none srun --mpi=none -n1 true
# Names the controller takes whatever their case (an account is lowercased, a QOS found).
c name-case sbatch -H -A RESEARCH -q HIGH --wrap=true
id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
c name-case-show squeue -h -j "$id" -o '%a %q'
# A few controller answers the same sweep found: a job that does not exist is answered
# before the user is checked; no step of any job runs on this host.
c suspend-missing scontrol suspend 999999
c resume-missing scontrol resume 999999
c listpids-none scontrol listpids
# The -O fields 22.05 has that a plain job shows without values, and those it fills in.
c sinfo-O-node-fields sinfo -O partition,port,comment,extra,share,nodelist
c sinfo-O-no-nodes sinfo -t alloc -O partition,port,comment,extra,nodelist
c sinfo-N-O-port sinfo -N -O nodelist,port
c fields-job sbatch -H -J fields --deadline=now+2days --delay-boot=5 --gres=gpu:2 \
  --ntasks-per-core=1 --profile=task,energy --network=ib --switches=2@1:00 -c 4 --wrap=true
id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
c fields-set squeue -j "$id" -O cluster,deadline:22,delayboot,gres,maxcpus,network,ntpercore,ntpersocket,profile:16,reqswitch
c fields-unset squeue -j "$id" -O admin_comment,boardspernode,burstbuffer,burstbufferstate,clusterfeature,container,derivedec,hetjobid,hetjobidset,hetjoboffset
c fields-unset-more squeue -j "$id" -O mcslabel,ntperboard,origin,originraw,packjobid,prefer,reboot,resizetime,siblingsactive,siblingsviableraw,sperboard,system_comment
c fields-pending squeue -h -j "$id" -O jobid,pendingtime
# What srun checks of a step against the job's nodes before it asks for the step (-r, -x,
# -N) and what the controller says of a -w node outside the job; no step runs.
c step-job sbatch -N2 --ntasks-per-node=2 -t 10 --wrap='sleep 300'
id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
sleep 4
c step-relative-too-far srun --jobid="$id" -n1 -r 5 true
c step-relative-nodes srun --jobid="$id" -N 2 -r 1 true
c step-nodelist-outside srun --jobid="$id" -N1 -w dgx3 true
c step-exclude-all srun --jobid="$id" -n1 -x 'dgx[1-2]' true
c step-exclude-count srun --jobid="$id" -N 2 -x dgx1 true
c scancel-bad-bracket scancel '5_[1-2'
c scancel-bad-second scancel 999999,abc
c scancel-bad-first scancel abc,5
# --immediate on a cluster bob's job fills: refused at once, the record kept FAILED.
cb() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u bob "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
c step-job-cancel scancel "$id"
cb fill-cluster sbatch -N4 --gres=gpu:8 -t 10 --wrap='sleep 300'
fill=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
sleep 4
c immediate-salloc salloc --immediate=1 --gres=gpu:8 -N4 true
c immediate-srun srun -I --gres=gpu:8 -N4 true
c immediate-failed-show squeue -h -t all -o '%i %T %r' -j "$((fill + 1)),$((fill + 2))"
cb fill-cluster-cancel scancel -u bob
# sacctmgr's lists of what slurmsim never records: empty to root, wckeys refused to a
# user (after sacctmgr checked the format), runaway jobs for operators only.
cr() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
c wckeys-user sacctmgr show wckey
c wckeys-user-bad-format sacctmgr show wckey format=user,bogus
c resources-user sacctmgr -n show resource
c runaway-user sacctmgr show runawayjobs
cr wckeys-root sacctmgr -P show wckeys
cr resources-root sacctmgr show resource
cr runaway-root sacctmgr show lostjobs
# What slurmdbd finds amiss: nothing, then an account with no user below it.
cr problems-none sacctmgr show problem
cr problems-add-account sacctmgr -i add account probe parent=research
cr problems-account sacctmgr show problem
cr problems-parsable sacctmgr -P show problems
c problems-user sacctmgr show problem
cr problems-delete-account sacctmgr -i delete account probe
# A "]" with no "[" before it is part of a host name.
c host-bracket-squeue squeue -w ']'
c host-bracket-name-squeue squeue -w 'a]'
c host-bracket-sinfo sinfo -n 'a]'
c host-bracket-sbatch sbatch -H -w 'dgx1,a]' --wrap=true
c cancel scancel -u alice
rm -f "$JOBS/bb.txt"
