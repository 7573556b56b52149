"""The examples of docs/commands/*.md and docs/permissions.md: run, checked, rewritten.

Each page is one session on a new default cluster: its ``console`` blocks run in order,
in a scratch directory holding a copy of ``examples/``. A line with a prompt is a
command and the lines after it, up to the next prompt or the end of the block, are what
it prints (standard output, then standard error)::

    $ squeue            alice runs it (the users of the default cluster: alice, bob, carol)
    bob$ scancel 3      bob runs it
    # scontrol ...      root runs it

tests/meta/test_command_docs.py checks every page; scripts/update-command-docs.py
rewrites the outputs from a run, so the pages cannot drift from what slurmsim prints.
"""

import contextlib
import os
import re
import shlex
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

from tests.clirunner import run_command
from tests.goldenfile import cluster_store

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "docs" / "commands"


def pages() -> list[Path]:
    """Every page whose examples are checked: one per command, and the permissions chapter."""
    return [*sorted(PAGES.glob("*.md")), ROOT / "docs" / "permissions.md"]


FENCE = "```console"
#: The session id every example's commands run under (scontrol show job's AllocNode:Sid).
SESSION_ID = 4242

_PROMPT = re.compile(r"^(?:(?P<user>[a-z][a-z0-9_]*)(?P<dollar>\$)|(?P<mark>[$#])) (?P<cmd>.*)$")


@dataclass(frozen=True)
class Step:
    """One example: who runs what, and what the page says it prints."""

    user: str
    command: str
    expected: str


def _prompt(line: str) -> tuple[str, str] | None:
    m = _PROMPT.match(line)
    if m is None:
        return None
    user = m["user"] or ("root" if m["mark"] == "#" else "alice")
    return user, m["cmd"]


def _blocks(text: str) -> Iterator[tuple[int, int]]:
    """The (first, last) line numbers of each console block's body."""
    lines = text.split("\n")
    start = None
    for i, line in enumerate(lines):
        if start is None and line.strip() == FENCE:
            start = i + 1
        elif start is not None and line.strip() == "```":
            yield start, i
            start = None


def steps(text: str) -> list[Step]:
    """The examples of a page, in order."""
    lines = text.split("\n")
    found: list[Step] = []
    for first, last in _blocks(text):
        current: tuple[str, str] | None = None
        output: list[str] = []
        for line in [*lines[first:last], None]:
            prompt = None if line is None else _prompt(line)
            if line is None or prompt is not None:
                if current is not None:
                    body = "\n".join(output)
                    found.append(Step(*current, body + "\n" if body else ""))
                current, output = prompt, []
            elif current is not None:
                output.append(line)
    return found


def run(step: Step) -> str:
    """What ``step`` prints on the current cluster: standard output, then standard error.

    The command believes it runs in its user's home directory, so that a job's WorkDir
    and output files read as on a cluster, not as the scratch directory's random name.
    """
    home = "/root" if step.user == "root" else f"/home/{step.user}"
    with mock.patch("os.getcwd", return_value=home):
        result = run_command(shlex.split(step.command), step.user)
    return shown(result.out + result.err)


@contextlib.contextmanager
def session() -> Iterator[Path]:
    """A new default cluster, its scratch directory the working directory."""
    cwd = Path.cwd()
    saved_user = os.environ.get("SLURMSIM_USER")
    with tempfile.TemporaryDirectory() as tmp, cluster_store(Path(tmp)):
        shutil.copytree(ROOT / "examples", Path(tmp) / "examples")
        os.chdir(tmp)
        try:
            # The pages' users work in home directories this machine does not have: their
            # jobs' files open, as they would on a cluster.
            with (
                mock.patch("os.getsid", return_value=SESSION_ID),
                mock.patch("slurmsim.api.host_files.HostFiles.fails", return_value=False),
            ):
                yield Path(tmp)
        finally:
            os.chdir(cwd)
            if saved_user is not None:
                os.environ["SLURMSIM_USER"] = saved_user


def outputs(page: Path) -> list[tuple[Step, str]]:
    """Every example of ``page`` with what it printed, run in order on a new cluster."""
    with session():
        return [(step, run(step)) for step in steps(page.read_text())]


def shown(printed: str) -> str:
    """``printed`` as a page can show it: trailing blank lines dropped, one final newline."""
    body = printed.rstrip("\n")
    return body + "\n" if body else ""


def rewrite(text: str, printed: list[str]) -> str:
    """``text`` with each example's output replaced by ``printed`` (in example order)."""
    new: list[str] = []
    pending = iter(printed)
    in_block = skipping = False
    for line in text.split("\n"):
        if not in_block:
            in_block = line.strip() == FENCE
        elif line.strip() == "```":
            in_block = skipping = False
        elif _prompt(line) is not None:
            new.append(line)
            if body := shown(next(pending)):
                new.extend(body.removesuffix("\n").split("\n"))
            skipping = True
            continue
        if not skipping or not in_block:
            new.append(line)
    return "\n".join(new)
