"""``sacct --json`` / ``--yaml``: accounting records as slurmdbd's openapi/dbv0.0.38 dumps them.

One record per run of a job, its steps nested inside it, in the order slurmdbd stored
them: by raw job id, a requeued job's runs oldest first (the dump lists every run, as
``-D`` does for text). Keys and their order are Slurm's. Instants are Unix seconds
(``0`` when unset), limits minutes, TRES lists ordered by TRES id. The job row carries
no CPU usage (its ``system``/``user``/``total`` are zero); a step's is the real CPU its
processes used, which slurmsim does not measure, so it is zero here too.

Exit codes come as ``status``/``return_code``: a record ended by a signal is
``SIGNALED`` with the signal's number and name; any other, whatever its exit status,
is ``SUCCESS`` with ``return_code`` 0 (22.05 dumps a failed job's ``exit 7`` so).
"""

from collections.abc import Iterable, Mapping
from dataclasses import replace

from slurmsim.format import openapi
from slurmsim.format.hostlist import compress
from slurmsim.model.accounting import AcctRecord
from slurmsim.model.digits import is_number
from slurmsim.model.tres import tracked_tres

Value = openapi.Value

#: TRES ids as slurmdbd numbers them; a gres is 1001 and up.
_TRES_IDS = {t.key: t.id for t in tracked_tres("gres/gpu")}
#: strsignal()'s names of the signals a step can end by.
_SIGNAL_NAMES = {9: "Killed", 15: "Terminated"}


def render_json(
    records: Iterable[AcctRecord], users: Mapping[int, str], *, yaml: bool = False
) -> str:
    """The whole ``sacct --json`` (or ``--yaml``) document for ``records`` (each job row
    followed by its steps, as ``slurmsim.api.accounting.select`` gives them); ``users``
    names the uids that cancelled jobs. An empty answer carries slurmdbd's error."""
    jobs: list[tuple[AcctRecord, list[AcctRecord]]] = []
    for record in records:
        if record.is_step and jobs:
            jobs[-1][1].append(record)
        elif not record.is_step:
            jobs.append((record, []))
    jobs.sort(key=lambda pair: pair[0].job_id)  # stable: runs stay oldest first
    # A requeued job's new record starts as a copy of the last run's: it keeps its node count.
    for n in range(1, len(jobs)):
        (head, steps), (before, _) = jobs[n], jobs[n - 1]
        if head.job_id == before.job_id and not head.alloc_nodes:
            jobs[n] = (replace(head, alloc_nodes=before.alloc_nodes), steps)
    errors: list[Value] = [] if jobs else [_NOTHING_FOUND]
    document = openapi.envelope(
        "jobs",
        (job_record(head, steps, users) for head, steps in jobs),
        errors,
        plugin=openapi.SLURMDBD,
    )
    return openapi.to_yaml(document, empty_null=False) if yaml else openapi.to_json(document)


_NOTHING_FOUND: Value = {
    "description": "Nothing found",
    "error_number": 9003,
    "error": "Nothing found with query",
    "source": "slurmdb_jobs_get",
}


def job_record(head: AcctRecord, steps: list[AcctRecord], users: Mapping[int, str]) -> Value:
    """One job run, keys in Slurm's order."""
    started = head.start is not None
    killer = users.get(head.cancelled_by) if head.cancelled_by is not None else None
    return {
        "account": head.account,
        "comment": {"administrator": None, "job": head.comment or None, "system": None},
        "allocation_nodes": head.alloc_nodes,
        "array": {
            "job_id": head.array_job_id or 0,
            "limits": {"max": {"running": {"tasks": _throttle(head.array_pending)}}},
            "task": head.array_pending,
            "task_id": head.array_task_id,
        },
        "association": {
            "account": head.account,
            "cluster": head.cluster,
            "partition": None,
            "user": head.user,
        },
        "cluster": head.cluster,
        "constraints": head.constraints or "",
        "container": None,
        "derived_exit_code": _exit(*(head.derived_exit or (0, 0))),
        "time": {
            "elapsed": head.elapsed,
            "eligible": head.eligible or 0,
            "end": head.end or 0,
            "start": head.start or 0,
            "submission": head.submit or 0,
            "suspended": head.suspended,
            "system": _cpu(head.system_cpu_us),
            "limit": None if head.time_limit is None else head.time_limit // 60,
            "total": _cpu(head.user_cpu_us + head.system_cpu_us),
            "user": _cpu(head.user_cpu_us),
        },
        "exit_code": _exit(head.exit_code, head.exit_signal),
        "flags": _flags(head.flags) if started else [],
        "group": head.group,
        "het": {"job_id": 0, "job_offset": None},
        "job_id": head.job_id,
        "name": head.name,
        "mcs": {"label": head.mcs_label or ""},
        "nodes": compress(head.nodes) if head.nodes else "None assigned",
        "partition": head.partition,
        "priority": head.priority,
        "qos": head.qos,
        "required": {"CPUs": head.req_cpus, "memory": head.req_mem},
        "kill_request_user": killer,
        "reservation": {"id": 0, "name": head.reservation or 0},
        "state": {"current": head.state.value, "reason": head.reason or "None"},
        "steps": [_step(step) for step in steps],
        "tres": {
            "allocated": _tres([*head.alloc_tres, ("energy", -1)] if head.alloc_tres else []),
            "requested": _tres(head.req_tres),
        },
        "user": head.user,
        "wckey": {"wckey": "", "flags": []},
        "working_directory": head.work_dir or "",
    }


def _step(step: AcctRecord) -> Value:
    """One step of a job run, keys in Slurm's order."""
    # Energy is accounted once a step ends; a running step has no figures yet.
    energy: list[Value] = [] if step.end is None else _tres([("energy", 0)])
    usage: Value = {"max": [], "min": [], "average": energy, "total": energy}
    return {
        "nodes": {
            "list": list(step.nodes),
            "count": step.alloc_nodes,
            "range": compress(step.nodes),
        },
        "tres": {"requested": usage, "consumed": usage, "allocated": _tres(step.alloc_tres)},
        "time": {
            "elapsed": step.elapsed,
            "end": step.end or 0,
            "start": step.start or 0,
            "suspended": step.suspended,
            "system": _cpu(step.system_cpu_us),
            "total": _cpu(step.user_cpu_us + step.system_cpu_us),
            "user": _cpu(step.user_cpu_us),
        },
        "exit_code": _exit(step.exit_code, step.exit_signal),
        "tasks": {"count": step.ntasks or 0},
        "pid": None,
        "CPU": {"requested_frequency": {"min": 0, "max": 0}, "governor": []},
        "kill_request_user": None,
        "state": step.state.value,
        "statistics": {"CPU": {"actual_frequency": 0}, "energy": {"consumed": 0}},
        "step": {
            "job_id": step.job_id,
            "het": {"component": None},
            "id": step.step,
            "name": step.name,
        },
        "task": {"distribution": step.layout or "Unknown"},
    }


def _cpu(us: int) -> Value:
    """A CPU time as slurmdbd's records give it."""
    return {"seconds": us // 1_000_000, "microseconds": us % 1_000_000}


def _exit(code: int, signal: int) -> Value:
    if signal:
        name = _SIGNAL_NAMES.get(signal, f"Signal {signal}")
        return {
            "status": "SIGNALED",
            "return_code": None,
            "signal": {"signal_id": signal, "name": name},
        }
    return {"status": "SUCCESS", "return_code": 0}


def _flags(text: str | None) -> list[Value]:
    """The run's scheduling flags, from the text form sacct's Flags column shows."""
    started_by = "STARTED_ON_BACKFILL" if "SchedBackfill" in (text or "") else "STARTED_ON_SCHEDULE"
    return ["CLEAR_SCHEDULING", started_by]


def _throttle(pending: str | None) -> int:
    """An array's limit on running tasks (``%N`` of ``--array``), 0 for none."""
    _, percent, limit = (pending or "").partition("%")
    return int(limit) if percent and is_number(limit) else 0


def _tres(pairs: Iterable[tuple[str, int]]) -> list[Value]:
    """TRES as ``{type, name, id, count}``, by id; a count of -1 is unset (null)."""
    out: list[tuple[int, Value]] = []
    for name, count in pairs:
        kind, _, gres = name.partition("/")
        out.append(
            (
                _TRES_IDS.get(name, 1000),
                {
                    "type": kind,
                    "name": gres or None,
                    "id": _TRES_IDS.get(name, 1000),
                    "count": None if count < 0 else count,
                },
            )
        )
    out.sort(key=lambda pair: pair[0])
    return [item for _, item in out]
