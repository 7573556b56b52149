"""``slurmsim drill ...`` and ``slurmsim grade``: exercises on the cluster, and grading.

Setup commands, solutions and submitted scripts run through ``cli._shell``, in
process; the logic lives in ``slurmsim.api.drills`` and ``slurmsim.drills``.
"""

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from slurmsim.drills.observation import when

if TYPE_CHECKING:
    from slurmsim.api.drills import Active
    from slurmsim.drills.grading import Report
    from slurmsim.drills.model import Drill, Step

_DIR = click.option(
    "--dir",
    "folders",
    multiple=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="A folder of more drills (also: $SLURMSIM_DRILLS).",
)


def _catalogue(folders: tuple[Path, ...]) -> "list[Drill]":
    from slurmsim.api import drills
    from slurmsim.drills.files import DrillError

    try:
        return drills.catalogue(folders)
    except DrillError as e:
        raise click.ClickException(str(e)) from None


def _find(name: str, folders: tuple[Path, ...]) -> "Drill":
    found = [d for d in _catalogue(folders) if d.name == name]
    if not found:
        raise click.ClickException(f"no drill named {name!r} (see `slurmsim drill list`)")
    return found[0]


def _active() -> "Active":
    from slurmsim.api import drills

    current = drills.active()
    if current is None:
        raise click.ClickException("no drill in progress (start one: slurmsim drill start NAME)")
    return current


def _run_step(step: "Step") -> None:
    from cli._shell import ShellError, run_line

    try:
        ran = run_line(step.command, user=step.user)
    except ShellError as e:
        raise click.ClickException(f"setup: {e}") from None
    if ran.exit != 0:
        said = (ran.stderr or ran.stdout).strip()
        raise click.ClickException(f"setup step {step.command!r} failed: {said}")


def _start(drill: "Drill", text: str) -> None:
    from slurmsim.api import cluster, drills
    from slurmsim.drills.files import DrillError

    try:
        drills.start(drill, _run_step, text)
    except DrillError as e:
        raise click.ClickException(f"{drill.source}: {e}") from None
    click.echo(f"Drill {drill.name}: {drill.title}")
    click.echo(f"Clock at {when(cluster.now())} (manual).\n")
    click.echo(drill.task)
    if drill.blocked:
        click.echo(f"\nNote: {drill.blocked}")


@click.group()
def drill() -> None:
    """Exercises on the simulated cluster: start one, do the task, check it.

    Example: slurmsim drill start backfill && slurmsim drill check
    """


@drill.command("list")
@_DIR
def list_drills(folders: tuple[Path, ...]) -> None:
    """List the drills: the shipped ones and those of --dir and $SLURMSIM_DRILLS."""
    found = _catalogue(folders)
    width = max((len(d.name) for d in found), default=0)
    for d in found:
        click.echo(f"{d.name:<{width}}  {d.title}")


@drill.command()
@click.argument("name")
@_DIR
def start(name: str, folders: tuple[Path, ...]) -> None:
    """Replace the cluster in the store with the drill's, staged, and show the task.

    Example: slurmsim drill start fifo
    """
    from slurmsim.api import drills

    found = _find(name, folders)
    _start(found, drills.text_of(found))


@drill.command()
def reset() -> None:
    """Start the drill in progress again from the beginning."""
    current = _active()
    _start(current.drill, current.text)


@drill.command()
def status() -> None:
    """The drill in progress: its task, the clock and the hints used."""
    from slurmsim.api import cluster

    current = _active()
    d = current.drill
    click.echo(f"Drill {d.name}: {d.title}")
    click.echo(f"Began {when(current.began)}; clock now {when(cluster.now())} (manual).")
    click.echo(f"Hints used: {current.hints_shown} of {len(d.hints)}.\n")
    click.echo(d.task)


@drill.command()
def hint() -> None:
    """Show the next hint of the drill in progress (they come in order)."""
    from slurmsim.api import drills

    _active()
    shown = drills.next_hint()
    if shown is None:
        click.echo("This drill has no hints.")
        return
    number, text = shown
    total = len(_active().drill.hints)
    click.echo(f"Hint {number} of {total}: {text}")


@drill.command()
@click.option("--json", "as_json", is_flag=True, help="Print the verdicts as JSON.")
def check(as_json: bool) -> None:
    """Judge the drill in progress: exit 0 only when every check passes.

    Example: slurmsim drill check || slurmsim drill hint
    """
    from slurmsim.api import drills

    current = _active()
    verdicts = drills.check_active(current)
    passed = sum(v.passed for _, v in verdicts)
    ok = passed == len(verdicts)
    if as_json:
        doc = {
            "drill": current.drill.name,
            "passed": ok,
            "checks": [{"check": s, "passed": v.passed, "why": v.why} for s, v in verdicts],
        }
        click.echo(json.dumps(doc, indent=2, sort_keys=True))
    else:
        click.echo(f"Drill {current.drill.name}: {current.drill.title}")
        for says, verdict in verdicts:
            click.echo(f"  {'PASS' if verdict.passed else 'FAIL'}  {says}")
            click.echo(f"        {verdict.why}")
        if ok:
            click.echo(f"All {len(verdicts)} checks pass.\n\n{current.drill.explanation}")
        else:
            click.echo(f"{passed} of {len(verdicts)} checks pass.")
    sys.exit(0 if ok else 1)


@drill.command()
@click.argument("name", required=False)
@click.option("--wrong", is_flag=True, help="The plausible mistake instead (it fails a check).")
@_DIR
def solution(name: str | None, wrong: bool, folders: tuple[Path, ...]) -> None:
    """Print the reference solution as shell commands to run after `drill start`.

    Example: slurmsim drill solution backfill
    """
    d = _find(name, folders) if name else _active().drill
    for line in d.wrong if wrong else d.solution:
        click.echo(line)


@click.command()
@click.argument("scripts", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option(
    "--rubric",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="The criteria, points and pass mark (TOML; default: lint, accepted, started).",
)
@click.option(
    "--scenario",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Submit the scripts on this scenario instead of the rubric's.",
)
@click.option(
    "--json",
    "json_to",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write the report as JSON here (-: print it instead of the summary).",
)
@click.option("--junit", "junit_to", type=click.Path(dir_okay=False), help="Write JUnit XML here.")
@_DIR
def grade(  # click passes the options by name
    *,
    scripts: tuple[str, ...],
    rubric: Path | None,
    scenario: Path | None,
    json_to: str | None,
    junit_to: str | None,
    folders: tuple[Path, ...],
) -> None:
    """Grade job scripts: submit them on a scratch cluster, run the clock, score a rubric.

    Without --rubric: each script must pass the lint, be accepted and its job start
    within a day on the default cluster (or the --scenario). Exits 1 below the
    rubric's pass mark. The store in $SLURMSIM_DB is not touched.

    Example: slurmsim grade --rubric rubric.toml --junit report.xml student/*.sh
    """
    import dataclasses

    from slurmsim.api import drills
    from slurmsim.drills import files, grading

    try:
        chosen = (
            files.load_rubric(str(rubric), rubric.read_text(), _catalogue(folders))
            if rubric is not None
            else files.default_rubric()
        )
        if scenario is not None:
            staged = files.load_scenario(str(scenario), scenario.read_text())
            chosen = dataclasses.replace(chosen, scenario=staged)
    except files.DrillError as e:
        raise click.ClickException(str(e)) from None
    from slurmsim.parse.option_tables import SBATCH_OPTIONS

    try:
        report = drills.grade(chosen, scripts, _run_step, _submitter(chosen.user), SBATCH_OPTIONS)
    except files.DrillError as e:
        where = scenario or rubric or "the default scenario"
        raise click.ClickException(f"{where}: {e}") from None
    if json_to == "-":
        click.echo(grading.to_json(report), nl=False)
    else:
        _summary(report)
        if json_to:
            Path(json_to).write_text(grading.to_json(report))
    if junit_to:
        Path(junit_to).write_text(grading.to_junit(report))
    sys.exit(0 if report.passed else 1)


def _submitter(user: str) -> Callable[[str, Sequence[str]], tuple[int | None, str]]:
    """sbatch as ``user``, with extra options before the script: its job id, or None and
    sbatch's message."""
    from cli._shell import run_line

    def submit(script: str, options: Sequence[str]) -> tuple[int | None, str]:
        words = " ".join(_quote(w) for w in (*options, script))
        ran = run_line(f"sbatch --parsable {words}", user=user)
        if ran.exit != 0:
            return None, ran.stderr.strip()
        return int(ran.stdout.split(";")[0]), ""

    return submit


def _quote(word: str) -> str:
    import shlex

    return shlex.quote(word)


def _summary(report: "Report") -> None:
    from cli._grade_summary import render_summary

    render_summary(report)
