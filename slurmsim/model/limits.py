"""How QOS and association limits are stored, and typed readers for the engine.

``Qos.limits`` and ``Association.limits`` map a ``sacctmgr show`` column name to text:

* counts (``GrpJobs``, ``MaxJobsPU``, ``MaxSubmit``, ``Priority``, ...): a decimal integer;
* durations (``MaxWall``, ``GrpWall``, ``PreemptExemptTime``): whole seconds;
* TRES (``GrpTRES``, ``MaxTRESPU``, ``MaxTRES``, ...): ``name=count`` pairs joined by
  commas in Slurm's TRES order (``cpu=4,mem=102400,gres/gpu=8``; mem in MB);
* ``UsageThres`` and ``LimitFactor``: a decimal number.

A missing key means no limit. Only ``sacctmgr`` writes these (through ``slurmsim.parse``),
so a reader may trust the form.
"""

from collections.abc import Iterable, Mapping

from slurmsim.model.time import Seconds

#: Slurm's TRES in id order (cpu=1 ... pages=8, then the GRES): the order sacctmgr prints.
TRES_ORDER = ("cpu", "mem", "energy", "node", "billing", "fs/disk", "vmem", "pages", "gres/gpu")


def count(limits: Mapping[str, str], key: str) -> int | None:
    """A count limit (``MaxJobsPU``, ``GrpJobs``, ...), or None when unlimited."""
    text = limits.get(key)
    return None if text is None else int(text)


def seconds(limits: Mapping[str, str], key: str) -> Seconds | None:
    """A duration limit (``MaxWall``, ``GrpWall``) in seconds, or None when unlimited."""
    text = limits.get(key)
    return None if text is None else Seconds(int(text))


def preempt_exempt(limits: Mapping[str, str], default: Seconds) -> Seconds:
    """A QOS's PreemptExemptTime, or ``default`` (slurm.conf's) when the QOS sets none."""
    own = seconds(limits, "PreemptExemptTime")
    return default if own is None else own


def tres(limits: Mapping[str, str], key: str) -> dict[str, int]:
    """A TRES limit as ``{"gres/gpu": 8, "cpu": 4}``; empty when unlimited."""
    return decode_tres(limits.get(key, ""))


def decode_tres(text: str) -> dict[str, int]:
    """``cpu=4,gres/gpu=8`` -> ``{"cpu": 4, "gres/gpu": 8}``."""
    pairs = (item.partition("=") for item in text.split(",") if item)
    return {name: int(value) for name, _, value in pairs}


def encode_tres(values: Mapping[str, int]) -> str:
    """The stored (and sacctmgr's) text of a TRES map, in TRES order."""
    rank = {name: i for i, name in enumerate(TRES_ORDER)}
    ordered = sorted(values, key=lambda name: (rank.get(name, len(rank)), name))
    return ",".join(f"{name}={values[name]}" for name in ordered)


#: An association's limits (and Priority) that the associations below it take when they
#: set none themselves: a user's from its account, an account's from the accounts above it.
#: A TRES limit is inherited TRES by TRES. Grp* limits are never inherited.
INHERITED = (
    "MaxJobs", "MaxJobsAccrue", "MaxSubmit", "MaxWall", "MaxTRES", "MaxTRESPerNode",
    "MaxTRESMins", "MinPrioThresh", "Priority",
)  # fmt: skip


def with_inherited(own: Mapping[str, str], above: Iterable[Mapping[str, str]]) -> dict[str, str]:
    """``own`` limits plus the inherited ones it leaves unset, ``above`` nearest first.

    Example: ``with_inherited({"MaxJobs": "2"}, [{"MaxJobs": "5", "MaxWall": "1200"}])``
    is ``{"MaxJobs": "2", "MaxWall": "1200"}``.
    """
    merged = dict(own)
    for limits in above:
        for key in INHERITED:
            text = limits.get(key)
            if text is None:
                continue
            if "TRES" in key:
                mine = decode_tres(merged.get(key, ""))
                taken = {**decode_tres(text), **mine}
                merged[key] = encode_tres(taken)
            elif key not in merged:
                merged[key] = text
    return merged
