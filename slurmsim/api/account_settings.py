"""The settings sacctmgr accepts for QOS and associations, and how each one is stored.

A setting is read once (:func:`read_settings`) into ``Change``s: the label sacctmgr echoes
in its summary, the text it echoes, and the stored value. Applying a change to a ``Qos``
or an ``Association`` sets a field or one of its ``limits`` (see ``slurmsim.model.limits``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple, TypeVar

from slurmsim.model.accounts import Association, Qos
from slurmsim.model.digits import is_number
from slurmsim.model.errors import NotSupported, SlurmError
from slurmsim.model.keywords import Keywords, keyword
from slurmsim.parse import sacctmgr as p
from slurmsim.parse.errors import ParseError

#: Every QOS flag Slurm 22.05 knows, in the order its error message lists them.
QOS_FLAGS = (
    "DenyOnLimit", "EnforceUsageThreshold", "NoReserve", "PartitionMaxNodes",
    "PartitionMinNodes", "OverPartQOS", "PartitionTimeLimit", "RequiresReservation",
    "NoDecay", "UsageFactorSafe",
)  # fmt: skip
PREEMPT_MODES = ("cluster", "cancel", "requeue", "suspend", "gang", "off")


class Setting(NamedTuple):
    label: str  # as sacctmgr's summary prints it
    kind: str  # how the value is read: text count tres wall grace int float flags qos mode ...
    target: str  # a model attribute, or a limits key written "limits:Key"


QOS_SETTINGS = (
    Setting("Description", "text", "description"),
    Setting("Flags", "flags", "flags"),
    Setting("GraceTime", "grace", "grace_time"),
    Setting("GrpJobs", "count", "limits:GrpJobs"),
    Setting("GrpJobsAccrue", "count", "limits:GrpJobsAccrue"),
    Setting("GrpSubmitJobs", "count", "limits:GrpSubmit"),
    Setting("GrpTRES", "tres", "limits:GrpTRES"),
    Setting("GrpTRESMins", "tres", "limits:GrpTRESMins"),
    Setting("GrpTRESRunMins", "tres", "limits:GrpTRESRunMins"),
    Setting("GrpWall", "wall", "limits:GrpWall"),
    Setting("MaxJobsAccruePerAccount", "count", "limits:MaxJobsAccruePA"),
    Setting("MaxJobsAccruePerUser", "count", "limits:MaxJobsAccruePU"),
    Setting("MaxJobsPerAccount", "count", "limits:MaxJobsPA"),
    Setting("MaxJobsPerUser", "count", "limits:MaxJobsPU"),
    Setting("MaxSubmitJobsPerAccount", "count", "limits:MaxSubmitPA"),
    Setting("MaxSubmitJobsPerUser", "count", "limits:MaxSubmitPU"),
    Setting("MaxTRESPerAccount", "tres", "limits:MaxTRESPA"),
    Setting("MaxTRESPerJob", "tres", "limits:MaxTRES"),
    Setting("MaxTRESPerNode", "tres", "limits:MaxTRESPerNode"),
    Setting("MaxTRESPerUser", "tres", "limits:MaxTRESPU"),
    Setting("MinPrioThresh", "count", "limits:MinPrioThresh"),
    Setting("MinTRESPerJob", "tres", "limits:MinTRES"),
    Setting("MaxTRESMins", "tres", "limits:MaxTRESMins"),
    Setting("MaxWall", "wall", "limits:MaxWall"),
    Setting("Preempt", "qos", "preempt"),
    Setting("PreemptMode", "mode", "preempt_mode"),
    Setting("PreemptExemptTime", "wall", "limits:PreemptExemptTime"),
    Setting("Priority", "int", "priority"),
    Setting("UsageFactor", "float", "usage_factor"),
    Setting("UsageThreshold", "fraction", "limits:UsageThres"),
    Setting("LimitFactor", "factor", "limits:LimitFactor"),
    # The limits from before TRES: each sets one TRES of a TRES limit (``kind`` "legacy",
    # ``target`` the TRES setting's label and the TRES), labelled as sacctmgr names them
    # when it cannot read the value.
    Setting("GrpCPUMins", "legacy", "GrpTRESMins:cpu"),
    Setting("GrpCPURunMins", "legacy", "GrpTRESRunMins:cpu"),
    Setting("GrpCPUs", "legacy", "GrpTRES:cpu"),
    Setting("GrpMemory", "legacy", "GrpTRES:mem"),
    Setting("GrpNodes", "legacy", "GrpTRES:node"),
    Setting("MaxCPUMins", "legacy", "MaxTRESMins:cpu"),
    Setting("MaxCPUs", "legacy", "MaxTRESPerJob:cpu"),
    Setting("MaxCPUsPerUser", "legacy", "MaxTRESPerUser:cpu"),
    Setting("MaxNodesPerJob", "legacy", "MaxTRESPerJob:node"),
    Setting("MaxNodesPerUser", "legacy", "MaxTRESPerUser:node"),
    Setting("MinCPUs", "legacy", "MinTRESPerJob:cpu"),
)

ASSOC_SETTINGS = (
    Setting("Fairshare", "share", "shares"),
    Setting("GrpJobs", "count", "limits:GrpJobs"),
    Setting("GrpJobsAccrue", "count", "limits:GrpJobsAccrue"),
    Setting("GrpSubmitJobs", "count", "limits:GrpSubmit"),
    Setting("GrpTRES", "tres", "limits:GrpTRES"),
    Setting("GrpTRESMins", "tres", "limits:GrpTRESMins"),
    Setting("GrpTRESRunMins", "tres", "limits:GrpTRESRunMins"),
    Setting("GrpWall", "wall", "limits:GrpWall"),
    Setting("MaxJobs", "count", "limits:MaxJobs"),
    Setting("MaxJobsPrioAcc", "count", "limits:MaxJobsAccrue"),  # sic, sacctmgr's label
    Setting("MaxSubmitJobs", "count", "limits:MaxSubmit"),
    Setting("MaxTRES", "tres", "limits:MaxTRES"),
    Setting("MaxTRESPerNode", "tres", "limits:MaxTRESPerNode"),
    Setting("MaxTRESMins", "tres", "limits:MaxTRESMins"),
    Setting("MaxWall", "wall", "limits:MaxWall"),
    Setting("MinPrioThresh", "count", "limits:MinPrioThresh"),
    Setting("Priority", "count", "limits:Priority"),
    Setting("QOS", "qos", "qos"),
    Setting("DefQOS", "qosname", "default_qos"),
    Setting("GrpCPUMins", "legacy", "GrpTRESMins:cpu"),
    Setting("GrpCPURunMins", "legacy", "GrpTRESRunMins:cpu"),
    Setting("GrpCpus", "legacy", "GrpTRES:cpu"),
    Setting("GrpMemory", "legacy", "GrpTRES:mem"),
    Setting("GrpNodes", "legacy", "GrpTRES:node"),
    Setting("MaxCPUMinsPerJob", "legacy", "MaxTRESMins:cpu"),
    Setting("MaxCpusPerJob", "legacy", "MaxTRES:cpu"),
    Setting("MaxNodes", "legacy", "MaxTRES:node"),
    Setting("MaxCPURunMins", "legacy", "MaxTRESRunMins:cpu"),  # not kept: read, then refused
)
#: The TRES settings by label, which the legacy ones set a TRES of.
_TRES_SETTINGS = {s.label: s for s in (*QOS_SETTINGS, *ASSOC_SETTINGS) if s.kind == "tres"}


class Change(NamedTuple):
    setting: Setting
    op: str  # "=", "+=" or "-="
    value: object  # the stored value; None clears a limit
    shown: str  # what the summary prints after "= "


class UnknownOption(SlurmError):
    """A key no setting has: sacctmgr's `` Unknown option: <word>`` lines, on standard
    output for a QOS and on standard error for an association's settings."""

    def __init__(self, message: str, *, stdout: bool = True) -> None:
        super().__init__(message)
        self.stdout = stdout


class BadValue(SlurmError):
    """A value sacctmgr refuses; ``stdout`` says whether its lines go there, not to stderr."""

    def __init__(self, message: str, *, stdout: bool = False) -> None:
        super().__init__(message)
        self.stdout = stdout


class Refused(SlurmError):
    """Settings sacctmgr refused, once it had read them all: what it printed on each stream."""

    def __init__(self, stdout: str, stderr: str) -> None:
        super().__init__(stderr or stdout)
        self.stdout = stdout
        self.stderr = stderr


#: The keys sacctmgr takes for a QOS, in the order it tries them (``model.keywords``), each
#: with the label of the setting it names; "" for one slurmsim's QOS do not have.
_QOS_WORDS: Keywords = (
    ("name", 1, ""), ("description", 1, "Description"), ("flags", 2, "Flags"),
    ("gracetime", 3, "GraceTime"), ("grpcpumins", 7, "GrpCPUMins"),
    ("grpcpurunmins", 7, "GrpCPURunMins"), ("grpcpus", 7, "GrpCPUs"),
    ("grpjobs", 4, "GrpJobs"), ("grpjobsaccrue", 8, "GrpJobsAccrue"),
    ("grpmemory", 4, "GrpMemory"),
    ("grpnodes", 4, "GrpNodes"), ("grpsubmitjobs", 4, "GrpSubmitJobs"),
    ("grptres", 7, "GrpTRES"), ("grptresmins", 8, "GrpTRESMins"),
    ("grptresrunmins", 8, "GrpTRESRunMins"), ("grpwall", 4, "GrpWall"),
    ("limitfactor", 6, "LimitFactor"), ("maxcpuminsperjob", 7, "MaxCPUMins"),
    ("maxcpusperjob", 7, "MaxCPUs"), ("maxcpusperuser", 11, "MaxCPUsPerUser"),
    ("maxcpuspu", 9, "MaxCPUsPerUser"),
    ("maxjobsaccrueperaccount", 17, "MaxJobsAccruePerAccount"),
    ("maxjobsaccruepa", 15, "MaxJobsAccruePerAccount"),
    ("maxjobsaccrueperuser", 17, "MaxJobsAccruePerUser"),
    ("maxjobsaccruepu", 15, "MaxJobsAccruePerUser"),
    ("maxjobsperaccount", 11, "MaxJobsPerAccount"), ("maxjobspa", 9, "MaxJobsPerAccount"),
    ("maxjobsperuser", 4, "MaxJobsPerUser"), ("maxjobspu", 4, "MaxJobsPerUser"),
    ("maxnodesperjob", 4, "MaxNodesPerJob"), ("maxnodesperuser", 8, "MaxNodesPerUser"),
    ("maxnodespu", 8, "MaxNodesPerUser"),
    ("maxsubmitjobsperaccount", 17, "MaxSubmitJobsPerAccount"),
    ("maxsubmitjobspa", 15, "MaxSubmitJobsPerAccount"),
    ("maxsubmitjobsperuser", 4, "MaxSubmitJobsPerUser"),
    ("maxsubmitjobspu", 4, "MaxSubmitJobsPerUser"),
    ("maxtresperaccount", 11, "MaxTRESPerAccount"), ("maxtrespa", 9, "MaxTRESPerAccount"),
    ("maxtresperjob", 7, "MaxTRESPerJob"), ("maxtrespernode", 11, "MaxTRESPerNode"),
    ("maxtresperuser", 11, "MaxTRESPerUser"), ("maxtrespu", 9, "MaxTRESPerUser"),
    ("maxtresminsperjob", 8, "MaxTRESMins"), ("maxtresrunminspa", 16, ""),
    ("maxtresrunminspu", 8, ""), ("maxwalldurationperjob", 4, "MaxWall"),
    ("mincpusperjob", 7, "MinCPUs"), ("minpriothresh", 4, "MinPrioThresh"),
    ("mintresperjob", 7, "MinTRESPerJob"),
    ("preemptmode", 8, "PreemptMode"), ("preempt", 7, "Preempt"),
    ("preemptexempttime", 8, "PreemptExemptTime"), ("priority", 3, "Priority"),
    ("rawusage", 7, ""), ("usagefactor", 6, "UsageFactor"),
    ("usagethreshold", 6, "UsageThreshold"),
)  # fmt: skip
#: The same for an association's settings (a user's or an account's, after their own).
_ASSOC_WORDS: Keywords = (
    ("defaultqos", 8, "DefQOS"), ("fairshare", 1, "Fairshare"), ("shares", 1, "Fairshare"),
    ("grpcpumins", 7, "GrpCPUMins"), ("grpcpurunmins", 7, "GrpCPURunMins"),
    ("grpcpus", 7, "GrpCpus"), ("grpjobs", 4, "GrpJobs"), ("grpjobsaccrue", 8, "GrpJobsAccrue"),
    ("grpmemory", 4, "GrpMemory"), ("grpnodes", 4, "GrpNodes"),
    ("grpsubmitjobs", 4, "GrpSubmitJobs"), ("grptres", 7, "GrpTRES"),
    ("grptresmins", 8, "GrpTRESMins"), ("grptresrunmins", 8, "GrpTRESRunMins"),
    ("grpwall", 4, "GrpWall"), ("maxcpuminsperjob", 7, "MaxCPUMinsPerJob"),
    ("maxcpurunmins", 7, "MaxCPURunMins"), ("maxcpusperjob", 7, "MaxCpusPerJob"),
    ("maxjobs", 4, "MaxJobs"), ("maxjobsaccrue", 8, "MaxJobsPrioAcc"),
    ("maxnodesperjob", 4, "MaxNodes"), ("minpriothresh", 4, "MinPrioThresh"),
    ("maxsubmitjobs", 4, "MaxSubmitJobs"),
    ("maxtresperjob", 7, "MaxTRES"), ("maxtrespernode", 11, "MaxTRESPerNode"),
    ("maxtresminsperjob", 8, "MaxTRESMins"), ("maxtresrunmins", 8, ""),
    ("maxwalldurationperjob", 4, "MaxWall"), ("parent", 2, ""), ("priority", 2, "Priority"),
    ("qoslevel", 1, "QOS"),
)  # fmt: skip


def find_setting(settings: Sequence[Setting], key: str) -> Setting | None:
    """The setting a key names as sacctmgr reads it (``maxj`` is MaxJobs, ``f`` Fairshare);
    raises ``NotSupported`` for one slurmsim does not keep."""
    words = _QOS_WORDS if settings is QOS_SETTINGS else _ASSOC_WORDS
    label = keyword(key.strip(), words)
    if label == "":
        raise NotSupported
    return next((s for s in settings if s.label == label), None)


def read_settings(
    settings: Sequence[Setting],
    words: Iterable[p.Word],
    qos_names: Sequence[str],
    warnings: list[str],
    unknown: str | None = None,
) -> list[Change]:
    """``words`` as changes. sacctmgr reads every word before it gives up: an unknown
    key or a refused value prints its lines (the stdout ones kept here, the stderr ones
    appended to ``warnings``) and the reading goes on; at the end ``Refused`` carries
    everything printed, if anything was refused.

    Some bad values of a QOS only warn, as Slurm does (``Invalid value for Priority
    (abc)``): those warnings go to ``warnings`` and the setting is dropped. An
    association's settings (``unknown`` given) take none: after what is wrong with the
    value, sacctmgr names the word an unknown option (``unknown``, with ``{word}``).
    """
    changes = []
    shown: list[str] = []
    refused = False
    for word in words:
        try:
            change = _read_word(settings, word, qos_names, warnings, unknown)
        except (UnknownOption, BadValue) as e:
            (shown if e.stdout else warnings).append(e.message)
            refused = True
            continue
        if change is not None:
            changes.append(change)
    if refused:
        raise Refused("".join(f"{line}\n" for line in shown), "".join(f"{w}\n" for w in warnings))
    return changes


def _read_word(
    settings: Sequence[Setting],
    word: p.Word,
    qos_names: Sequence[str],
    warnings: list[str],
    unknown: str | None,
) -> Change | None:
    setting = find_setting(settings, word.key)
    if setting is None or word.op is None:
        if unknown is None:
            raise UnknownOption(
                f" Unknown option: {word}\n Use keyword 'where' to modify condition"
            )
        raise UnknownOption(unknown.format(word=word), stdout=False)
    if unknown is None:
        return _read(setting, word, qos_names, warnings)
    said: list[str] = []
    try:
        change = _read(setting, word, qos_names, said)
    except BadValue as e:
        if " Unknown option: " in e.message:
            raise  # a bad QOS name says so itself
        said.append(e.message)
    if said:
        raise BadValue("\n".join([*said, unknown.format(word=word)]))
    return change


def _read(
    setting: Setting, word: p.Word, qos_names: Sequence[str], warnings: list[str]
) -> Change | None:
    kind, value, op = setting.kind, p.unquote(word.value), word.op or "="
    if kind == "legacy":
        return _read_legacy(setting, word, warnings)
    try:
        if kind == "text":
            return Change(setting, op, value, value)
        if kind in ("count", "int", "share"):
            number = p.parse_count(value) if kind != "int" else _int(value)
            return Change(setting, op, number, "" if number is None else str(number))
        if kind == "grace":
            grace = p.parse_count_strict(value.strip())
            return Change(setting, op, grace, str(grace))
        if kind == "wall":
            wall = p.parse_minutes(value)
            return Change(setting, op, wall, _hms(wall))
        if kind == "tres":
            # Stored raw and merged when applied: a TRES limit changes only the TRES named.
            return Change(setting, op, value, _tres_shown(p.parse_tres(value)))
        if kind in ("float", "fraction", "factor"):
            factor = p.parse_factor(value)
            if kind == "factor" and factor < 0:  # -1 clears it
                return Change(setting, op, None, "")
            return Change(setting, op, factor, f"{factor:.4f}")
    except ParseError as e:
        if e.message.startswith("slurmdb_format_tres_str"):
            raise BadValue(f"sacctmgr: error: {e.message}") from None
        if kind == "wall":
            raise BadValue(f" Bad {setting.label} time format: {word}") from None
        name = _VALUE_NAMES.get(setting.label, setting.label)
        warnings.append(f"sacctmgr: error: Invalid value for {name} ({value})")
        return None
    if kind == "flags":
        if re.match(r"\s*-0*1(?!\d)", value):  # read as a number first: -1 clears every flag
            return Change(setting, "=", (), "")
        return Change(setting, op, _flags(value), ",".join(_flags(value)))
    if kind == "mode":
        mode = value.lower()
        if mode not in PREEMPT_MODES:
            raise BadValue(f"sacctmgr: error: Unknown preempt mode given '{value}'")
        return Change(setting, op, mode, mode.upper())
    names = [n.lower() for n in p.split_list(value)]
    for name in names:
        if name not in qos_names:
            message = f"sacctmgr: error: You gave a bad qos '{name}'. Valid QOS's are " + ",".join(
                qos_names
            )
            if setting.label != "Preempt":
                message += f"\n Unknown option: {word}\n Use keyword 'where' to modify condition"
            raise BadValue(message)
    if kind == "qosname":
        default = names[0] if names else None
        return Change(setting, op, default, default or "")
    names = sorted(set(names))  # sacctmgr lists QOS by name (golden accruelimits/)
    return Change(setting, op, tuple(names), ",".join(names))


def _read_legacy(setting: Setting, word: p.Word, warnings: list[str]) -> Change | None:
    """A limit from before TRES (``GrpCPUs=64``) as the change of one TRES it is
    (``GrpTRES=cpu=64``), its count read as sacctmgr reads one (``-1`` clears it)."""
    number = p.parse_uint(word.value)
    if number is None:
        warnings.append(
            f"sacctmgr: error: Invalid value for {setting.label} ({p.strip_quotes(word.value)})"
        )
        return None
    label, tres = setting.target.split(":")
    if label not in _TRES_SETTINGS:
        raise NotSupported
    text = f"{tres}={-1 if number == p.UINT32_CLEAR else number}"
    return Change(_TRES_SETTINGS[label], word.op or "=", text, _tres_shown(p.parse_tres(text)))


#: How sacctmgr names a setting whose value it cannot read, where not by its label.
_VALUE_NAMES = {
    "Fairshare": "FairShare", "MaxJobsPerAccount": "MaxJobsPA", "MaxJobsPerUser": "MaxJobsPU",
    "MaxSubmitJobsPerAccount": "MaxSubmitJobsPA", "MaxSubmitJobsPerUser": "MaxSubmitJobsPU",
    "MaxJobsAccruePerAccount": "MaxJobsAccruePA", "MaxJobsAccruePerUser": "MaxJobsAccruePU",
    "MaxJobsPrioAcc": "MaxJobsAccrue",
}  # fmt: skip


def _int(value: str) -> int:
    text = value.strip()
    if not is_number(text.lstrip("-")) or len(text) > 11:
        raise ParseError(value)
    return max(int(text), 0)  # Priority=-1 clears it: shown as 0


def _flags(value: str) -> tuple[str, ...]:
    by_lower = {f.lower(): f for f in QOS_FLAGS}
    flags = []
    for item in p.split_list(value):
        if item == "-1":
            continue  # after a flag, "-1" is passed over
        if item.lower() not in by_lower:
            raise BadValue(
                f" Unknown QOS flag used in:\n  '{item}'\n Valid QOS flags are\n"
                f"  '{','.join(QOS_FLAGS)}'",
                stdout=True,
            )
        flags.append(by_lower[item.lower()])
    return tuple(flags)


def _hms(seconds: int | None) -> str:
    from slurmsim.format.times import format_hms

    return "" if seconds is None else format_hms(seconds)


def _tres_shown(tres: str) -> str:
    from slurmsim.format.sacctmgr import tres_text

    return tres_text(tres)


def shown_together(changes: Iterable[Change]) -> dict[str, str]:
    """What sacctmgr's summary shows for each setting of ``changes``, by label: the value
    given last, but a TRES limit's values merged (``GrpCPUs=10 GrpMemory=1000`` shows
    ``GrpTRES = cpu=10,mem=1000M``)."""
    shown: dict[str, str] = {}
    merged: dict[str, str] = {}
    for change in changes:
        label = change.setting.label
        if change.setting.kind == "tres":
            merged[label] = p.parse_tres(str(change.value), current=merged.get(label, ""), op="+=")
            shown[label] = _tres_shown(merged[label])
        else:
            shown[label] = change.shown
    return shown


# -- applying --------------------------------------------------------------------------------

T = TypeVar("T", Qos, Association)


def apply(obj: T, changes: Iterable[Change]) -> T:
    """``obj`` with every change made (lists and TRES merge for ``+=``/``-=``)."""
    for change in changes:
        target = change.setting.target
        if target.startswith("limits:"):
            obj = dataclasses.replace(obj, limits=_set_limit(obj.limits, target[7:], change))
        else:
            value = _merged(getattr(obj, target), change)
            obj = dataclasses.replace(obj, **{target: value})  # type: ignore[arg-type]  # the setting table pairs each target with its kind
    return obj


def _set_limit(limits: Mapping[str, str], key: str, change: Change) -> dict[str, str]:
    new = dict(limits)
    value = change.value
    if change.setting.kind == "tres":
        value = p.parse_tres(str(value), current=limits.get(key, ""), op="+=") or None
    if value is None:
        new.pop(key, None)
    else:
        new[key] = str(value)
    return new


def _merged(current: object, change: Change) -> object:
    if isinstance(current, tuple) and isinstance(change.value, tuple):
        if change.op == "+=":
            return tuple(sorted({*current, *change.value}))
        if change.op == "-=":
            return tuple(v for v in current if v not in change.value)
    if change.setting.kind == "share" and change.value is None:
        return 1
    return change.value
