#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about 1 minute.
# Records how Slurm's commands read their input environment variables into cases/: SBATCH_*
# against #SBATCH directives and the command line, SQUEUE_*, SINFO_*, SLURM_TIME_FORMAT in
# its three forms, SLURM_CLUSTERS and SLURM_EXIT_ERROR. Every job is held or begins
# later, so that nothing runs and the times shown stay put; all are cancelled at the end.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
JOBS=/tmp/slurm-oracle-jobs
n=0
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@"; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@"; }
id_of() { squeue -h -n "$1" -o %i | head -1; }
sq() { c "$1" env "${@:2}" squeue -o '%.5i %.9P %.8j %.6u %.2t %R'; }

cat > $JOBS/env-directives.sh <<'SCRIPT'
#!/bin/bash
#SBATCH -p gpu
#SBATCH -t 20
#SBATCH -J fromscript
sleep 600
SCRIPT
chmod 644 $JOBS/env-directives.sh

# A queue to look at: held, or waiting for a begin time (today, tomorrow, this week, later).
cu sb-held alice sbatch -H -J held -p debug -t 10 --wrap 'sleep 600' >/dev/null
cu sb-tomorrow alice sbatch -J tomorrow -t 10 --begin=now+1day --wrap 'sleep 600' >/dev/null
cu sb-week carol sbatch -J week -t 10 --begin=now+3days --wrap 'sleep 600' >/dev/null
cu sb-month carol sbatch -J month -p debug -t 10 --begin=now+20days --wrap 'sleep 600' >/dev/null
cu sb-year bob sbatch -J year -t 10 --begin=now+400days --qos=high --wrap 'sleep 600' >/dev/null

# SQUEUE_*: each as its option; the command line wins.
sq sq-format SQUEUE_SORT=i
c sq-format-env env SQUEUE_FORMAT='%.5i %j %u' SQUEUE_SORT=i squeue
c sq-format-cmdline env SQUEUE_FORMAT='%.5i %j' SQUEUE_SORT=i squeue -o '%i %u'
c sq-format2-env env SQUEUE_FORMAT2='JobID:6,Name:10,UserName' SQUEUE_SORT=i squeue
c sq-format-and-format2 env SQUEUE_FORMAT='%.5i %j' SQUEUE_FORMAT2='JobID:6,UserName' SQUEUE_SORT=i squeue
c sq-format-and-long env SQUEUE_FORMAT='%.5i %j' SQUEUE_SORT=i squeue -l
c sq-sort-env env SQUEUE_SORT=-j SQUEUE_FORMAT='%.5i %j' squeue
sq sq-partition SQUEUE_PARTITION=debug SQUEUE_SORT=i
c sq-partition-cmdline env SQUEUE_PARTITION=debug SQUEUE_SORT=i squeue -p gpu -o '%.5i %P %j'
sq sq-users SQUEUE_USERS=carol SQUEUE_SORT=i
sq sq-users-bad SQUEUE_USERS=nosuch
sq sq-account SQUEUE_ACCOUNT=product SQUEUE_SORT=i
sq sq-states SQUEUE_STATES=PD SQUEUE_SORT=i
sq sq-states-bad SQUEUE_STATES=bogus
sq sq-names SQUEUE_NAMES=month,year SQUEUE_SORT=i
sq sq-qos SQUEUE_QOS=high

# SINFO_*.
c si-format-env env SINFO_FORMAT='%P %a %D %t' sinfo
c si-format-cmdline env SINFO_FORMAT='%P %D' sinfo -o '%P %t'
c si-format-and-long env SINFO_FORMAT='%P %D' sinfo -l
c si-partition-env env SINFO_PARTITION=debug sinfo
c si-sort-env env SINFO_SORT=-P sinfo

# SLURM_TIME_FORMAT: standard, relative, strftime, and what is not a format.
tq() { c "$1" env SLURM_TIME_FORMAT="$2" squeue -S i -o '%.5i %.8j %.20S %.20V'; }
tq time-standard standard
tq time-relative relative
tq time-strftime '%d/%m %H:%M'
tq time-strftime-long '%A %d %B %Y, at %H:%M:%S'
tq time-no-percent bogus
tq time-empty ''
tq time-too-long '%Y-%m-%d %H:%M:%S and that is all'
c time-scontrol-relative env SLURM_TIME_FORMAT=relative scontrol show job "$(id_of tomorrow)"
c time-scontrol-strftime env SLURM_TIME_FORMAT='%s' scontrol show job "$(id_of month)"
cu time-test-only-relative alice env SLURM_TIME_FORMAT=relative sbatch --test-only -t 10 --wrap true
c time-drain scontrol update nodename=dgx4 state=drain reason=envtest
c time-sinfo-R-relative env SLURM_TIME_FORMAT=relative sinfo -R
c time-sinfo-R-strftime env SLURM_TIME_FORMAT='%H:%M' sinfo -R
c time-resume scontrol update nodename=dgx4 state=resume

# SBATCH_*: over #SBATCH directives, under the command line.
cu sbenv-over-directive alice env SBATCH_PARTITION=debug SBATCH_JOB_NAME=fromenv sbatch -H env-directives.sh
c sbenv-over-directive-show scontrol show job "$(id_of fromenv)"
cu sbenv-under-cmdline alice env SBATCH_PARTITION=debug SBATCH_TIMELIMIT=30 SBATCH_JOB_NAME=fromenv sbatch -H -J cmdline -p gpu env-directives.sh
c sbenv-under-cmdline-show scontrol show job "$(id_of cmdline)"
cu sbenv-flags alice env SBATCH_NO_REQUEUE=yes SBATCH_EXCLUSIVE= SBATCH_GRES=gpu:2 SBATCH_MEM_PER_NODE=10G SBATCH_JOB_NAME=flags sbatch -H --wrap 'sleep 600'
c sbenv-flags-show scontrol show job "$(id_of flags)"
cu sbenv-flags-off alice env SBATCH_NO_REQUEUE=no SBATCH_REQUEUE=0 SBATCH_EXCLUSIVE=user SBATCH_GPUS_PER_NODE=1 SBATCH_JOB_NAME=flagsoff sbatch -H --wrap 'sleep 600'
c sbenv-flags-off-show scontrol show job "$(id_of flagsoff)"
cu sbenv-array alice env SBATCH_ARRAY_INX=0-3%2 SBATCH_JOB_NAME=envarray SBATCH_QOS=high SBATCH_GPUS=2 sbatch -H --wrap 'sleep 600'
c sbenv-array-show scontrol show job "$(id_of envarray)"
cu sbenv-mem-conflict alice env SBATCH_MEM_PER_CPU=1G SBATCH_JOB_NAME=memconflict sbatch -H --mem=10G --wrap 'sleep 600'
c sbenv-mem-conflict-show scontrol show job "$(id_of memconflict)"
cu sbenv-bad-time alice env SBATCH_TIMELIMIT=abc sbatch -H --wrap 'sleep 600'
cu sbenv-bad-gpus alice env SBATCH_GPUS=abc sbatch -H --wrap 'sleep 600'
cu sbenv-bad-array alice env SBATCH_ARRAY_INX=bogus sbatch -H --wrap 'sleep 600'
cu sbenv-bad-account alice env SBATCH_ACCOUNT=product sbatch -H --wrap 'sleep 600'
cu sbenv-bad-partition alice env SBATCH_PARTITION=nosuch sbatch -H --wrap 'sleep 600'
cu sbenv-bad-constraint alice env SBATCH_CONSTRAINT=nosuch sbatch -H --wrap 'sleep 600'
cu sbenv-bad-reservation alice env SBATCH_RESERVATION=nosuch sbatch -H --wrap 'sleep 600'
cu sbenv-cmdline-fixes-env alice env SBATCH_TIMELIMIT=abc sbatch -H -t 5 -J fixed --wrap 'sleep 600'
cu exit-error-option alice env SLURM_EXIT_ERROR=7 sbatch --time=abc --wrap 'sleep 600'
cu exit-error-unknown alice env SLURM_EXIT_ERROR=7 sbatch --bogus --wrap 'sleep 600'
cu exit-error-refused alice env SLURM_EXIT_ERROR=7 sbatch -p nosuch --wrap 'sleep 600'
cu exit-error-squeue alice env SLURM_EXIT_ERROR=7 squeue --bogus
cu sbenv-debug alice env SBATCH_DEBUG=1 sbatch -H -J debug --wrap 'sleep 600'

# SLURM_CLUSTERS: this cluster by name, or another.
c cl-squeue env SLURM_CLUSTERS=dgxcluster squeue -o '%.5i %j' -S i
c cl-squeue-other env SLURM_CLUSTERS=other squeue
c cl-sinfo env SLURM_CLUSTERS=dgxcluster sinfo
c cl-sinfo-other env SLURM_CLUSTERS=other sinfo
cu cl-sbatch alice env SLURM_CLUSTERS=dgxcluster sbatch -H -J oncluster --wrap 'sleep 600'
cu cl-sbatch-other alice env SLURM_CLUSTERS=other sbatch -H --wrap 'sleep 600'
cu cl-sbatch-M alice sbatch -M dgxcluster -H -J bym --wrap 'sleep 600'
c cl-scontrol env SLURM_CLUSTERS=dgxcluster scontrol show partition debug
c cl-scancel-other env SLURM_CLUSTERS=other scancel -u nobody
c cl-sprio env SLURM_CLUSTERS=dgxcluster sprio

c cancel-alice scancel -u alice >/dev/null
c cancel-bob scancel -u bob >/dev/null
c cancel-carol scancel -u carol >/dev/null
# A list of clusters: the names the database does not know are told, and the command goes
# on when this cluster is among them (``all`` counts only alone).
c cl-list-sinfo sinfo -M dgxcluster,other
c cl-list-sinfo-none sinfo -M other,foo
c cl-list-sinfo-all sinfo -M all,other
c cl-list-sinfo-env env SLURM_CLUSTERS=other,dgxcluster sinfo
cu cl-list-sbatch alice sbatch -M dgxcluster,other -H --wrap 'sleep 600'
cu cl-list-sshare alice sshare -M dgxcluster,other -P -o account,user,rawshares
c cl-list-cancel scancel -u alice
rm -f $JOBS/env-directives.sh
