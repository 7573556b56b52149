"""Accounting records: what ``sacct`` lists, one record per job run and per step.

slurmdbd keeps a row for every run of a job (a requeued job has one per run; ``sacct
-D`` shows them all) and one for each of its steps (``.batch``, ``.extern``, ``.0``).
``AcctRecord`` is that row, typed and complete, so that every renderer (sacct's text
columns, a JSON document) reads the same values. Times are ``Instant``s, None where
Slurm says ``Unknown``; counts of TRES are plain integers (memory in MB).

A job's earlier runs are kept on the job itself (``Job.extra[PAST_RUNS]``) when it is
requeued, since the controller's record is reset for the next run.
"""

import json
from dataclasses import asdict, dataclass
from enum import StrEnum

from slurmsim.model.jobs import Job, JobState, NodeAlloc
from slurmsim.model.time import Instant, Seconds


class AcctState(StrEnum):
    """States an accounting record can be in: the job states plus those only slurmdbd shows."""

    PENDING = "PENDING"
    RUNNING = "RUNNING"
    SUSPENDED = "SUSPENDED"
    COMPLETING = "COMPLETING"
    COMPLETED = "COMPLETED"
    CANCELLED = "CANCELLED"
    FAILED = "FAILED"
    TIMEOUT = "TIMEOUT"
    NODE_FAIL = "NODE_FAIL"
    PREEMPTED = "PREEMPTED"
    BOOT_FAIL = "BOOT_FAIL"
    DEADLINE = "DEADLINE"
    OUT_OF_MEMORY = "OUT_OF_MEMORY"
    REQUEUED = "REQUEUED"
    RESIZING = "RESIZING"
    REVOKED = "REVOKED"


#: ``sacct -s`` abbreviations of each state (the long names are accepted too).
STATE_ABBREVIATIONS: dict[str, AcctState] = {
    "PD": AcctState.PENDING,
    "R": AcctState.RUNNING,
    "S": AcctState.SUSPENDED,
    "CD": AcctState.COMPLETED,
    "CA": AcctState.CANCELLED,
    "F": AcctState.FAILED,
    "TO": AcctState.TIMEOUT,
    "NF": AcctState.NODE_FAIL,
    "PR": AcctState.PREEMPTED,
    "BF": AcctState.BOOT_FAIL,
    "DL": AcctState.DEADLINE,
    "OOM": AcctState.OUT_OF_MEMORY,
    "RQ": AcctState.REQUEUED,
    "RS": AcctState.RESIZING,
    "RV": AcctState.REVOKED,
}


@dataclass(frozen=True, slots=True)
class AcctRecord:
    """One row of accounting: a job's allocation (``step`` None) or one of its steps.

    ``job_id`` is the raw id (JobIDRaw); array tasks also carry ``array_job_id`` and
    ``array_task_id``, and an array's pending remainder carries ``array_pending``
    (``2-3%2``). ``alloc_tres`` and ``req_tres`` are (name, count) pairs in Slurm's
    order of TRES names; memory counts are MB.
    """

    job_id: int
    step: str | None
    name: str
    user: str
    uid: int
    group: str
    gid: int
    account: str
    cluster: str
    partition: str | None  # None on steps
    qos: str | None  # None on steps
    state: AcctState
    #: The uid that cancelled it (``CANCELLED by 1001``); None when not known.
    cancelled_by: int | None
    exit_code: int
    exit_signal: int
    #: The highest exit of the job's srun steps (job rows only; None on steps).
    derived_exit: tuple[int, int] | None
    submit: Instant | None
    eligible: Instant | None
    start: Instant | None
    end: Instant | None
    elapsed: Seconds
    suspended: Seconds
    #: None on steps; ``unlimited`` says a job without a limit (``UNLIMITED``).
    time_limit: Seconds | None
    unlimited: bool
    alloc_cpus: int
    alloc_nodes: int
    nodes: tuple[str, ...]
    alloc_tres: tuple[tuple[str, int], ...]
    req_tres: tuple[tuple[str, int], ...]
    req_cpus: int
    req_mem: int  # MB, for the whole job
    req_nodes: int
    ntasks: int | None  # steps only
    priority: int | None
    reason: str | None
    restarts: int
    comment: str | None
    work_dir: str | None
    constraints: str | None
    reservation: str | None
    flags: str | None
    array_job_id: int | None = None
    array_task_id: int | None = None
    array_pending: str | None = None
    #: A heterogeneous job's component: its leader's id and its offset (``235+1``).
    het: tuple[int, int] | None = None
    #: The association the job ran under (``sacctmgr show assoc`` ids); None if gone.
    assoc_id: int | None = None
    submit_line: str | None = None
    #: False where slurmdbd never got an exit code (the batch step of a NODE_FAIL job).
    exit_known: bool = True
    #: Seconds from eligible to start (or now), 0 if never eligible; negative while a
    #: --begin lies ahead. None on steps.
    reserved: int | None = None
    #: The QOS's id (sacctmgr's); None on steps.
    qos_id: int | None = None
    #: A job row whose run had a step srun made end (its energy then counted: 0).
    step_energy: bool = False
    #: ``--mcs-label`` (job rows only).
    mcs_label: str | None = None
    #: A step's task distribution as sacct names it (``Layout``: ``Block``, ``BCyclic``;
    #: ``Unknown`` for the batch step); empty on job rows.
    layout: str = ""
    #: CPU time its processes used, in µs (user, system): an executed step's, a job's the
    #: sum of its steps'; 0 where nothing ran.
    user_cpu_us: int = 0
    system_cpu_us: int = 0

    @property
    def is_step(self) -> bool:
        return self.step is not None

    @property
    def number(self) -> str | None:
        """A numbered step's id, without a part's ``+K`` (``3`` for ``3+1``); None for the
        job and its batch, extern or interactive steps."""
        if self.step is None:
            return None
        number = self.step.partition("+")[0]
        return number if number.isdigit() else None


#: Key in ``Job.extra``: the job's earlier runs, ended by a requeue (JSON, see ``PastRun``).
PAST_RUNS = "acct_past_runs"
#: Keys in ``Job.extra``: when a running job was last shrunk (``scontrol show job``'s
#: ResizeTime, and its accounting record's submit time), and when that record begins.
RESIZE_TIME = "resize_time"
RECORD_START = "record_start"
#: Key in ``Job.extra``: who cancelled the job (a user name).
CANCELLED_BY = "cancelled_by"
#: ``Job.extra`` key: the exit code of the step 0 of a job srun made for itself, where it
#: differs from the job's (``srun --wait`` killed tasks: the job shows ``0:9``, the step
#: the exit of the tasks that ended by themselves, the oracle's ``COMPLETED 0:0``).
STEP_EXIT = "step_exit"
#: ``Job.extra`` key: ``code:signal``, how the tasks of the step 0 of a job srun made for
#: itself ended when srun aborted the step at a user's signal (a Ctrl-C, SIGTERM or
#: SIGHUP): slurmdbd records the step CANCELLED by the job's user when a signal ended them
#: (the oracle's ``CANCELLED by 1001`` with ``0:2`` under a job CANCELLED ``0:0``).
STEP_ABORTED = "step_aborted"
#: Key in ``Job.extra``: the signal a step died of, when a step did (DerivedExitCode 0:SIG).
DERIVED_SIGNAL = "derived_signal"
#: Key in ``Job.extra``: the command line that submitted the job (sacct's SubmitLine).
SUBMIT_LINE = "submit_line"
#: Key in ``Job.extra``: the CPU time the processes of an executed job's own step used,
#: ``"<user µs> <system µs>"``: its batch script's and everything the script waited for
#: (the srun steps it ran included), or an interactive srun's step 0's.
OWN_CPU = "own_cpu"
#: Key in ``Job.extra``: the last reason the job was seen pending for, but None, Priority
#: and Resources (slurmctld's ``state_reason_prev_db``): sacct's Reason for a job that ran
#: (``JobArrayTaskLimit`` for a throttled task).
DB_REASON = "db_reason"
#: Key in ``Job.extra``: the priority slurmdbd's record of the job holds (sacct's Priority).
#: The controller sends the record at the first main pass after the submission (or a
#: requeue), and nothing after changes it: a later nice, hold, Priority= or age leaves it
#: as it was, and a job held before that pass shows 0 even once it ran (the oracle).
DB_PRIORITY = "db_priority"
#: Key in ``Job.extra``, on an array's pending record: its row in the accounting store
#: shows no eligible time. The row a task's split leaves it is written by the next pass,
#: and one that finds the array at its task throttle writes it Unknown; no later pass
#: writes it again (the oracle: ``26_[2-3%1] PENDING Unknown`` once eligible anew).
DB_UNELIGIBLE = "db_uneligible"
#: What squeue shows for a job whose partition has too few usable nodes: slurmctld's
#: reason is Resources, with this text as its description.
NODES_UNAVAILABLE = (
    "Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority partitions"
)
#: The reasons slurmctld does not note for the database.
_NOT_NOTED = frozenset({"None", "Priority", "Resources", NODES_UNAVAILABLE})


def note_db_reason(job: Job) -> None:
    """Note the reason a pending job waits for (``DB_REASON``), before it changes.

    slurmctld notes it as its passes go over the queue; slurmsim where the reason is
    about to change (so a reason that lasted less than a pass, which Slurm may miss, is
    noted too)."""
    if job.state is JobState.PENDING and job.reason not in _NOT_NOTED:
        job.extra[DB_REASON] = job.reason


def note_db_priority(job: Job, last_main: Instant | None) -> None:
    """Note ``job``'s priority as its record's (``DB_PRIORITY``) while no main pass has run
    since it was submitted or requeued (``last_main``: when one last ran)."""
    if last_main is None or last_main <= job.submit_time:
        job.extra[DB_PRIORITY] = str(job.priority)


def db_eligible(job: Job) -> Instant | None:
    """sacct's Eligible of ``job``: None while its record shows none (``DB_UNELIGIBLE``)."""
    return None if DB_UNELIGIBLE in job.extra else job.eligible_time


def db_priority(job: Job) -> int:
    """sacct's Priority of ``job``: its record's (``DB_PRIORITY``), else its own."""
    noted = job.extra.get(DB_PRIORITY)
    return int(noted) if noted is not None else job.priority


@dataclass(frozen=True, slots=True)
class PastRun:
    """A run of a job that a requeue ended: what slurmdbd keeps of it."""

    state: str  # PREEMPTED, REQUEUED, NODE_FAIL, or how a finished job had ended
    submit_time: Instant
    eligible_time: Instant | None
    start_time: Instant | None
    end_time: Instant
    run_seconds: Seconds
    alloc: tuple[NodeAlloc, ...]
    exit_code: int = 0
    exit_signal: int = 0
    priority: int = 0
    scheduler: str = "Main"  # which scheduler started it: "Main" or "Backfill"


def past_runs(job: Job) -> list[PastRun]:
    """The job's earlier runs, oldest first."""
    text = job.extra.get(PAST_RUNS)
    if not text:
        return []
    runs = []
    for item in json.loads(text):
        alloc = tuple(
            NodeAlloc(a["node"], a["cpus"], a["mem"], tuple(a["gpus"]), tuple(a["cpu_ids"]))
            for a in item.pop("alloc")
        )
        runs.append(PastRun(alloc=alloc, **item))
    return runs


def add_past_run(job: Job, run: PastRun) -> None:
    """Keep ``run`` among the job's earlier runs."""
    items = [asdict(r) for r in past_runs(job)] + [asdict(run)]
    job.extra[PAST_RUNS] = json.dumps(items, separators=(",", ":"))


def note_step_exit(job: Job, exit_code: int, signal: int) -> None:
    """Count a step's end in the job's DerivedExitCode, as slurmctld keeps the highest status
    word of its steps: any exit code above any signal, and the highest of either."""
    if signal:
        if signal > int(job.extra.get(DERIVED_SIGNAL, "0")):
            job.extra[DERIVED_SIGNAL] = str(signal)
    else:
        job.derived_exit_code = max(job.derived_exit_code, exit_code)


def derived_exit(job: Job) -> tuple[int, int]:
    """DerivedExitCode as (code, signal): the highest a step ended with, as slurmctld keeps
    it (a status word: any exit code above a signal)."""
    code = job.derived_exit_code
    return (code, 0) if code else (0, int(job.extra.get(DERIVED_SIGNAL, "0")))


def record_submit(job: Job) -> Instant:
    """When the job's current accounting record was submitted: at its last resize."""
    resized = resize_time(job)
    return job.submit_time if resized is None else resized


def record_start(job: Job) -> Instant | None:
    """When the job's current accounting record begins."""
    begun = job.extra.get(RECORD_START)
    return Instant(int(begun)) if begun else job.start_time


def resize_time(job: Job) -> Instant | None:
    """When the job was last shrunk (None: never)."""
    resized = job.extra.get(RESIZE_TIME)
    return Instant(int(resized)) if resized else None
