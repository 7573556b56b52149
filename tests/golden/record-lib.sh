# Sourced first by every suite's record.sh (run as root on a running oracle, holding the
# oracle lock): the suite's folder (HERE), where capture.sh writes its cases (GOLDEN_DIR),
# capture.sh itself (C) and the case counter (n). It stops the recording at once when the
# oracle's controller does not answer: the cases would be its errors.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
C=/work/shared/oracle/capture.sh
n=0
squeue -h >/dev/null 2>&1 || { echo "the oracle does not answer: start it (setup.sh)" >&2; exit 1; }

# Refuse to record unless the oracle's queue is empty (jobs left over would show).
require_idle() {
  [ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }
}

# One case: `c WHO NAME COMMAND...` records COMMAND run as WHO into the next numbered case
# file (NNN-NAME.txt), its output kept in $OUT for `id`; `r`, `a` and `b` run it as root,
# alice and bob.
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT  # a suite's own trap removes it too
c() { local who=$1 nm=$2; shift 2; n=$((n+1)); timeout 20 $C -u "$who" "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
# The id of the job the last case submitted.
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
# `cu NAME WHO COMMAND...`: the same, the name first (the limit suites' order).
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
r() { c root "$@"; }
a() { c alice "$@"; }
b() { c bob "$@"; }

# `held NAME OPTIONS...`: a held job of alice's with OPTIONS, shown and cancelled (when
# sbatch takes it).
held() {
    local nm=$1; shift
    a "$nm" sbatch -H "$@" --wrap=true; local j; j=$(id)
    [ -n "$j" ] && { a "$nm-show" scontrol show job "$j"; a "$nm-cancel" scancel "$j"; }
}

# Where one job runs: `try NAME OPTIONS...` submits, as alice, a five-minute job with
# OPTIONS (after the suite's own TRY options), shows where it runs or why it waits
# (scontrol show -d job) and cancels it; `release` cancels every job of alice's.
TRY=()
try() {
    local nm=$1; shift
    a "$nm" sbatch -t 5 "${TRY[@]}" "$@" --wrap='sleep 300'
    local j; j=$(id)
    sleep 4
    a "$nm-show" scontrol show -d job "$j"
    a "$nm-cancel" scancel "$j"
    sleep 2
}
release() { a release scancel -u alice; sleep 3; }
# `hold FLAG N1 N2 N3 N4`: a ten-minute job of alice's pinned to each node dgxI holding NI
# of what FLAG asks for (-G: GPUs, -n: CPUs; 0: no job there), with the TRY options.
hold() {
    local flag=$1 i=0 count; shift
    for count in "$@"; do
        i=$((i+1))
        [ "$count" = 0 ] || a "hold$i" sbatch -t 10 "${TRY[@]}" -w dgx$i "$flag" "$count" --wrap='sleep 600'
    done
    sleep 3
}

# A suite of scripts: `with_corpus NAME` copies the suite's corpus/ into the oracle's job
# directory as $JOBS/NAME (where the replay puts it too, tests.goldenfile.replay_corpus);
# from then on `c NAME COMMAND...` runs COMMAND as alice from $JOBS, and on exit alice's
# jobs are cancelled and the copy removed.
JOBS=/tmp/slurm-oracle-jobs
with_corpus() {
    local name=$1
    rm -rf "${JOBS:?}/$name"
    cp -r "$HERE/corpus" "$JOBS/$name"
    chmod -R a+rwX "$JOBS/$name"
    # shellcheck disable=SC2064  # the names are fixed now
    trap "rm -f '$OUT'; scancel -u alice; rm -rf '$JOBS/$name'" EXIT
    c() { local nm=$1; shift; n=$((n+1)); (cd "$JOBS" && timeout 30 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@") >"$OUT" 2>/dev/null; }
}
