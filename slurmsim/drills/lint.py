"""Linting a batch script the way sbatch reads it, and saying what will surprise its author.

:func:`lint` is pure: it reads the ``#SBATCH`` lines with slurmsim's own directive
scanner and sbatch's getopt table (the caller passes it: the table belongs to the
command line), then the ``#PBS`` lines as sbatch reads them over those (``parse.pbs``),
and answers findings with a line number, plain words, and Slurm's own message where
Slurm prints one.
"""

import difflib
import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from slurmsim.model.digits import is_number
from slurmsim.parse.durations import format_duration, parse_time_limit
from slurmsim.parse.errors import OptionError, ParseError
from slurmsim.parse.gres import parse_gpus, parse_gres
from slurmsim.parse.options import Opt, getopt
from slurmsim.parse.pbs import PREFIX as PBS_PREFIX
from slurmsim.parse.pbs import PbsError, pbs_options
from slurmsim.parse.script import directive_words

_PREFIX = "#SBATCH"
_BLANKS = " \t\n\v\f\r"
_VARIABLE = re.compile(r"\$(\{?[A-Za-z_][A-Za-z0-9_]*\}?|\(|\d)", re.ASCII)
_MEMORY = ("mem", "mem-per-cpu", "mem-per-gpu")


@dataclass(frozen=True, slots=True)
class Site:
    """What the lint knows of the cluster: each partition's MaxTime (None: unlimited),
    the default partition, how many GPUs a node has, and each partition's DefaultTime."""

    max_time: Mapping[str, int | None] = field(default_factory=dict)
    default_partition: str | None = None
    gpus_per_node: int = 0
    default_time: Mapping[str, int | None] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Finding:
    line: int
    #: A short name for the kind of finding: ``unknown-option``, ``after-command``, ...
    code: str
    message: str
    #: What Slurm itself prints about it, or "" when Slurm says nothing.
    slurm: str = ""

    def __str__(self) -> str:
        said = f" (Slurm: {self.slurm})" if self.slurm else ""
        return f"line {self.line}: {self.message}{said}"


@dataclass(slots=True)
class _Seen:
    """The options the directives set (the last one wins, as in sbatch), with their lines."""

    values: dict[str, str | None] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)

    def set(self, key: str, value: str | None, line: int) -> None:
        self.values[key] = value
        self.lines[key] = line


def lint(text: str, table: Sequence[Opt], site: Site = Site()) -> list[Finding]:
    """Every finding in the script ``text``, in line order (then by code)."""
    findings: list[Finding] = []
    seen = _Seen()
    first_command = 0
    pbs: list[tuple[int, str]] = []  # sbatch reads them all, after the #SBATCH lines
    for number, line in enumerate(text.split("\n"), start=1):
        if line.startswith(_PREFIX):
            if first_command:
                findings.append(_after_command(number, first_command))
            else:
                findings.extend(_directive(line[len(_PREFIX) :], number, table, seen))
        elif line.startswith(PBS_PREFIX):
            pbs.append((number, line[len(PBS_PREFIX) :]))
        elif not first_command and line.strip(_BLANKS) and not line.lstrip().startswith("#"):
            first_command = number
    if "ignore-pbs" not in seen.values:
        findings.extend(_pbs_directives(pbs, seen))
    body = text.split("\n")[first_command - 1 :] if first_command else []
    findings.extend(_conflicts(seen))
    findings.extend(_time(seen, site))
    findings.extend(_gpus(seen, body, first_command, site))
    return sorted(findings, key=lambda f: (f.line, f.code))


def _pbs_directives(lines: list[tuple[int, str]], seen: _Seen) -> list[Finding]:
    """The options of the ``#PBS`` lines, over those of the ``#SBATCH`` ones, or what
    sbatch refuses in them."""
    for number, rest in lines:
        try:
            pairs = pbs_options(directive_words(rest, "script", number))
        except ParseError as e:
            return [_unreadable(number, e)]
        except PbsError as e:
            said = "\n".join(f"sbatch: {'error: ' if bad else ''}{text}" for bad, text in e.lines)
            return [Finding(number, "pbs", "sbatch refuses this #PBS line", said)]
        for key, value in pairs:
            seen.set(key, value, number)
    return []


def _unreadable(number: int, e: ParseError) -> Finding:
    return Finding(number, "syntax", "sbatch cannot read this line", f"sbatch: fatal: {e}")


def _after_command(number: int, first_command: int) -> Finding:
    return Finding(
        number,
        "after-command",
        f"this #SBATCH line comes after the first command (line {first_command}); "
        "sbatch stops reading directives there and ignores it",
    )


def _directive(rest: str, number: int, table: Sequence[Opt], seen: _Seen) -> list[Finding]:
    try:
        words = directive_words(rest, "script", number)
    except ParseError as e:
        return [_unreadable(number, e)]
    findings = [
        Finding(
            number,
            "shell-variable",
            f"{word!r} holds a shell variable: Slurm does not expand variables in #SBATCH "
            "lines, so it is taken literally (use %u, %j, %x in file names instead)",
        )
        for word in words
        if _VARIABLE.search(word)
    ]
    pairs, operands = _options(words, number, table, findings)
    for key, value in pairs:
        seen.set(key, value, number)
    if operands:
        findings.append(
            Finding(
                number,
                "operand",
                f"{operands[0]!r} is not an option; a directive holds options only",
            )
        )
    return findings


def _options(
    words: list[str], number: int, table: Sequence[Opt], findings: list[Finding]
) -> tuple[list[tuple[str, str | None]], list[str]]:
    """getopt over the line's words; each word getopt refuses is reported and left out,
    so that the rest of the line is still read."""
    while True:
        try:
            return getopt(words, table, stop_at_operand=True)
        except OptionError as e:
            bad = _refused_word(words, e.message)
            findings.append(_unknown(bad, e.message, number, table))
            if bad is None:
                return [], []
            words = words.copy()
            words.remove(bad)


def _refused_word(words: list[str], message: str) -> str | None:
    """The word getopt's ``message`` is about (it quotes it, or its letter for a short one)."""
    quoted = re.search(r"'([^']*)'", message)
    if quoted is None:
        return None
    said = quoted.group(1)
    if message.startswith("invalid option"):
        return next((w for w in words if w.startswith("-") and said in w[1:]), None)
    return next((w for w in words if w == said or w.startswith(said)), None)


def _unknown(typed: str | None, message: str, number: int, table: Sequence[Opt]) -> Finding:
    names = [o.long for o in table if o.long is not None]
    name = typed[2:].split("=")[0] if typed and typed.startswith("--") else ""
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6) if name else []
    hint = f" (did you mean --{close[0]}?)" if close else ""
    what = "this option is ambiguous" if "ambiguous" in message else "sbatch has no such option"
    return Finding(
        number,
        "unknown-option",
        f"{what}{hint}; sbatch refuses the whole script",
        f"sbatch: {message}",
    )


def _count(value: str | None) -> int | None:
    try:
        return int(value or "")
    except ValueError:
        return None


def _conflicts(seen: _Seen) -> list[Finding]:
    findings: list[Finding] = []
    memory = [k for k in _MEMORY if k in seen.values]
    if len(memory) > 1:
        findings.append(
            Finding(
                max(seen.lines[k] for k in memory),
                "conflict",
                " and ".join(f"--{k}" for k in memory) + " cannot be given together",
                "sbatch: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.",
            )
        )
    tasks = _count(seen.values.get("ntasks"))
    nodes = _count((seen.values.get("nodes") or "").split("-")[0])
    per_node = _count(seen.values.get("ntasks-per-node"))
    if tasks is None or nodes is None or per_node is None or tasks == nodes * per_node:
        return findings
    line = max(seen.lines[k] for k in ("ntasks", "nodes", "ntasks-per-node"))
    findings.append(
        Finding(
            line,
            "conflict",
            f"--ntasks={tasks} does not match --nodes={nodes} x "
            f"--ntasks-per-node={per_node} = {nodes * per_node}; "
            "--ntasks wins and the tasks per node are not what you wrote",
        )
    )
    return findings


def _time(seen: _Seen, site: Site) -> list[Finding]:
    partition = (seen.values.get("partition") or site.default_partition or "").split(",")[0]
    max_time = site.max_time.get(partition)
    if "time" not in seen.values:
        given = site.default_time.get(partition) or max_time
        limit = f" ({format_duration(given)})" if partition in site.max_time else ""
        return [
            Finding(
                0,
                "no-time",
                f"no --time: the job gets partition {partition}'s default limit{limit}, "
                "not what it needs, and the scheduler plans backfill with it",
            )
        ]
    try:
        asked = parse_time_limit(seen.values["time"] or "")
    except ParseError as e:
        return [Finding(seen.lines["time"], "bad-time", str(e), f"sbatch: error: {e}")]
    if max_time is not None and (asked is None or asked > max_time):
        return [
            Finding(
                seen.lines["time"],
                "time-over-max",
                f"--time={seen.values['time']} is beyond partition {partition}'s MaxTime "
                f"of {format_duration(max_time)}: Slurm refuses the job or leaves it pending "
                "(PartitionTimeLimit) until the limit changes",
            )
        ]
    return []


def _gpus_asked(seen: _Seen, nodes: int) -> int | None:
    """GPUs the whole job asks for, or None when it names none (or names them badly)."""
    try:
        if (gpus := seen.values.get("gpus")) is not None:
            return parse_gpus(gpus).count
        if (per_node := seen.values.get("gpus-per-node")) is not None:
            return parse_gpus(per_node).count * nodes
        if (gres := seen.values.get("gres")) is not None:
            return sum(g.count for g in parse_gres(gres) if g.name == "gpu") * nodes
    except ParseError:
        return None
    return None


def launched_processes(text: str, tasks: int) -> int | None:
    """How many processes the first ``srun``/``torchrun`` of the script ``text`` launches
    (``tasks``: the job's, what a bare srun starts); None when it launches through neither."""
    found = _launched(text.split("\n"), tasks)
    return found[1] if found is not None else None


def _launched(body: Sequence[str], tasks: int) -> tuple[int, int] | None:
    """(line, processes) of the first srun or torchrun in the body, or None.

    ``srun ... torchrun ...`` counts torchrun's workers: ``--nproc_per_node`` on each
    of ``--nnodes`` nodes, or on each of srun's tasks when ``--nnodes`` is not given."""
    for offset, line in enumerate(body):
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        srun: int | None = None
        for at, word in enumerate(words):
            if word == "torchrun" or word.endswith("/torchrun"):
                per_node = _option(words[at + 1 :], ("--nproc_per_node", "--nproc-per-node"))
                nnodes = _option(words[at + 1 :], ("--nnodes",))
                if per_node is not None:
                    copies = nnodes if nnodes is not None else srun if srun is not None else 1
                    return offset, per_node * copies
            if word == "srun" and srun is None:
                count = _option(words[at + 1 :], ("-n", "--ntasks"))
                srun = count if count is not None else tasks
        if srun is not None:
            return offset, srun
    return None


def _option(words: Sequence[str], names: tuple[str, ...]) -> int | None:
    for at, word in enumerate(words):
        name, eq, value = word.partition("=")
        if name in names:
            return _count(value if eq else (words[at + 1] if at + 1 < len(words) else None))
        for short in (n for n in names if len(n) == 2):
            if word.startswith(short) and len(word) > 2 and is_number(word[2:]):
                return int(word[2:])
    return None


def _gpus(seen: _Seen, body: Sequence[str], first: int, site: Site) -> list[Finding]:
    nodes = _count((seen.values.get("nodes") or "1").split("-")[0]) or 1
    tasks = _count(seen.values.get("ntasks")) or nodes * (
        _count(seen.values.get("ntasks-per-node")) or 1
    )
    asked = _gpus_asked(seen, nodes)
    findings: list[Finding] = []
    launched = _launched(body, tasks)
    if asked and launched is not None:
        offset, processes = launched
        if processes < asked:
            findings.append(
                Finding(
                    first + offset,
                    "wasted",
                    f"{asked} GPUs are requested but only {processes} processes are launched: "
                    f"{asked - processes} GPUs sit idle for the whole job",
                )
            )
        elif processes > asked:
            findings.append(
                Finding(
                    first + offset,
                    "gpu-mismatch",
                    f"{processes} processes are launched on {asked} GPUs: "
                    "several share a GPU, or the launch fails",
                )
            )
    held = site.gpus_per_node * nodes
    if "exclusive" in seen.values and asked is not None and asked < held:
        findings.append(
            Finding(
                seen.lines["exclusive"],
                "wasted",
                f"--exclusive holds whole nodes ({held} GPUs) "
                f"for a job that asks for {asked}: the rest sit idle",
            )
        )
    return findings
