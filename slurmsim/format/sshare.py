"""``sshare``: the association tree with its shares, usage and fair share, Slurm's way.

Rows come depth first from ``root`` (users before sub-accounts, each by name), the
Account column indented one space per level. By default every account row shows,
and the user rows of the invoking user; ``-a`` shows all users, ``-u`` the named
ones, ``-A`` only the named accounts' subtrees (indented from there), ``-U`` user
rows alone, unindented. Columns are printed as sacct does (``print_fields``): each
cell padded to its width plus a space, text cut with a ``+``, numbers never cut,
a real number in ``%e`` notation when ``%f`` does not fit.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from slurmsim.format.rendered import Rendered


class ShareLine(NamedTuple):
    """One association's numbers, as the api computed them."""

    account: str
    user: str | None  # None: the account's own row
    depth: int  # 0 for root
    raw_shares: int | None  # None: root (printed empty)
    norm_shares: float
    raw_usage: float
    norm_usage: float | None  # None: root (printed empty)
    effective_usage: float
    fairshare: float | None  # None: printed empty
    level_fs: float | None  # None: printed empty
    tres_run_mins: str
    grp_tres_raw: str
    grp_tres_mins: str = ""
    partition: str = ""
    cluster: str = ""
    assoc_id: int = 0


@dataclass(frozen=True, slots=True)
class SshareOptions:
    all_users: bool = False  # -a
    long: bool = False  # -l
    accounts: tuple[str, ...] = ()  # -A
    users: tuple[str, ...] = ()  # -u (default: the invoking user)
    users_only: bool = False  # -U
    partitions: bool = False  # -m
    noheader: bool = False  # -n
    parsable: bool = False  # -p: every field followed by "|"
    parsable2: bool = False  # -P: fields separated by "|"
    format: str | None = None  # -o
    fair_tree: bool = True  # False: no LevelFS column with -l (classic fair share)
    user: str = "root"  # who runs sshare


class _Field(NamedTuple):
    name: str
    width: int  # negative: left-justified
    kind: str  # "text", "int" or "real"
    value: Callable[[ShareLine], object]


def _account(line: ShareLine) -> str:
    return " " * line.depth + line.account


_FIELDS = (
    _Field("Account", -20, "text", _account),
    _Field("Cluster", 10, "text", lambda r: r.cluster),
    _Field("EffectvUsage", 13, "real", lambda r: r.effective_usage),
    _Field("FairShare", 10, "real", lambda r: r.fairshare),
    _Field("ID", 10, "int", lambda r: r.assoc_id),
    _Field("LevelFS", 10, "real", lambda r: r.level_fs),
    _Field("GrpTRESMins", 30, "text", lambda r: r.grp_tres_mins),
    _Field("GrpTRESRaw", 30, "text", lambda r: r.grp_tres_raw),
    _Field("NormShares", 11, "real", lambda r: r.norm_shares),
    _Field("NormUsage", 11, "real", lambda r: r.norm_usage),
    _Field("Partition", 12, "text", lambda r: r.partition),
    _Field("RawShares", 10, "int", lambda r: r.raw_shares),
    _Field("RawUsage", 11, "int", lambda r: int(r.raw_usage)),
    _Field("TRESRunMins", 30, "text", lambda r: r.tres_run_mins),
    _Field("User", 10, "text", lambda r: r.user or ""),
)
_BY_NAME = {f.name: f for f in _FIELDS}

DEFAULT = "Account,User,RawShares,NormShares,RawUsage,EffectvUsage,FairShare"
LONG = (
    "Account,User,RawShares,NormShares,RawUsage,NormUsage,EffectvUsage,FairShare,LevelFS,"
    "GrpTRESMins,TRESRunMins"
)


class FieldError(ValueError):
    """An ``-o`` field sshare does not know."""


def _columns(opts: SshareOptions) -> list[tuple[_Field, int]]:
    if opts.format:
        return [_column(item) for item in opts.format.split(",") if item]
    names = (LONG if opts.long else DEFAULT).split(",")
    if opts.long and not opts.fair_tree:
        names.remove("LevelFS")
    if opts.partitions:
        names.insert(names.index("User") + 1, "Partition")
    return [(_BY_NAME[n], _BY_NAME[n].width) for n in names]


def _column(item: str) -> tuple[_Field, int]:
    """``name`` or ``name%width`` (case-insensitive prefix of a field name)."""
    name, _, width = item.partition("%")
    folded = name.lower()
    field = next((f for f in _FIELDS if folded and f.name.lower().startswith(folded)), None)
    if field is None:
        raise FieldError(folded)  # named lower-cased, as sshare names it
    try:
        return field, int(width) if width else field.width
    except ValueError:
        return field, field.width


def render_sshare(lines: list[ShareLine], opts: SshareOptions) -> Rendered:
    """sshare's output for the whole tree ``lines`` (in tree order), filtered by ``opts``."""
    try:
        columns = _columns(opts)
    except FieldError as e:
        return Rendered("", f'sshare: error: Invalid field requested: "{e}"\n', 1)
    rows = _select(lines, opts)
    out: list[str] = []
    if not opts.noheader:
        out.append(_join([(f.name, w, "header") for f, w in columns], opts))
        if not (opts.parsable or opts.parsable2):
            out.append("".join("-" * abs(w) + " " for _, w in columns))
    for row in rows:
        out.append(_join([(f.value(row), w, f.kind) for f, w in columns], opts))
    return Rendered("".join(f"{line}\n" for line in out))


def _select(lines: list[ShareLine], opts: SshareOptions) -> list[ShareLine]:
    users = set(opts.users) if opts.users else {opts.user}
    wanted = set(opts.accounts)
    chosen: list[ShareLine] = []
    base: int | None = None  # depth of the -A account whose subtree is being listed
    for line in lines:
        if wanted:
            if base is not None and line.depth <= base:
                base = None  # left the subtree
            if base is None and line.user is None and line.account in wanted:
                base = line.depth
            if base is None:
                continue
            line = line._replace(depth=line.depth - base)  # noqa: PLW2901 (re-indented copy)
        if line.user is None:
            if not opts.users_only:
                chosen.append(line)
        elif opts.all_users or line.user in users:
            chosen.append(line._replace(depth=0) if opts.users_only else line)
    return chosen


def _join(cells: list[tuple[object, int, str]], opts: SshareOptions) -> str:
    if opts.parsable or opts.parsable2:
        text = "|".join(_plain(v, kind) for v, _, kind in cells)
        return text + "|" if opts.parsable and not opts.parsable2 else text
    return "".join(_cell(v, w, kind) + " " for v, w, kind in cells)


def _plain(value: object, kind: str) -> str:
    if value is None:
        return ""
    if kind == "real":
        return f"{value:f}"
    return str(value)


def _cell(value: object, width: int, kind: str) -> str:
    size = abs(width)
    if value is None:
        text = ""
    elif kind == "real":
        text = f"{value:f}"
        if len(text) > size:
            text = f"{value:e}"
    elif kind == "header":
        text = str(value)[:size]
    else:
        text = str(value)
        if kind == "text" and len(text) > size:
            text = text[: size - 1] + "+"
    return text.ljust(size) if width < 0 else text.rjust(size)
