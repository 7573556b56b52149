"""Output-file name patterns (``--output``/``--error``), expanded as slurmstepd does for
a batch script: ``%j %J %A %a %x %u %N %n %t %s %%``, with zero padding (``%4a``)."""

import re
from dataclasses import dataclass

#: What ``%a`` prints for a job that is not part of an array (Slurm's NO_VAL - 1).
NO_TASK = 4294967294

_CODE = re.compile(r"%(\d*)([%AaJjNnstux])", re.ASCII)


@dataclass(frozen=True, slots=True)
class Names:
    """What the codes stand for in one job's batch script."""

    job_id: int
    array_job_id: int | None
    array_task_id: int | None
    user: str
    name: str
    node: str  # the node running the script (%N)
    #: A step's id (%s), one task's rank (%t) and its node's index in the step (%n).
    step: str = "batch"
    task: int = 0
    node_index: int = 0


def default_output(is_array: bool) -> str:
    """Slurm's name when ``--output`` is not given."""
    return "slurm-%A_%a.out" if is_array else "slurm-%j.out"


def expand(pattern: str, names: Names, work_dir: str) -> str:
    """``pattern`` with its codes replaced, made absolute under ``work_dir``.

    A backslash anywhere turns substitution off (the backslashes are dropped);
    unknown codes stay as typed; a width pads numbers with zeros (at most 10 digits).
    """
    if "\\" in pattern:
        path = pattern.replace("\\", "")
    else:
        path = _CODE.sub(lambda m: _code(m[2], m[1], names), pattern)
    if path.startswith("/"):
        return path
    return f"{work_dir}/{path}"


def _code(code: str, width: str, names: Names) -> str:
    if code == "J" and names.step != "batch":  # a step's output: job id and step id
        return f"{str(names.job_id).zfill(min(int(width or 0), 10))}.{names.step}"
    numbers = {
        "A": names.array_job_id if names.array_job_id is not None else names.job_id,
        "a": names.array_task_id if names.array_task_id is not None else NO_TASK,
        "j": names.job_id,
        "J": names.job_id,
        "n": names.node_index,
        "t": names.task,
    }
    if code in numbers:
        return str(numbers[code]).zfill(min(int(width or 0), 10))
    texts = {"%": "%", "s": names.step, "u": names.user, "x": names.name, "N": names.node}
    return texts[code]
