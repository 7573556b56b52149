"""``slurmsim grade``'s readable summary, drawn with rich.

A table of the rubric's criteria (each with why it passed or failed), what the lint
found per script, what became of each script's job, and the score. Colours only reach
a terminal; in a file or a CI log the same text comes out plain, at a fixed width, so
two runs give the same bytes.
"""

import sys

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from slurmsim.drills.grading import Report, job_lines

#: Width when the output is not a terminal (a CI log, a file): fixed, for the same bytes.
PLAIN_WIDTH = 100


def render_summary(report: Report, console: Console | None = None) -> None:
    """Print the summary of ``report``: in colour on a terminal, else plain and fixed."""
    if console is not None or _tty():
        _draw(report, console or Console(highlight=False))
        return
    plain = Console(highlight=False, width=PLAIN_WIDTH, no_color=True)
    with plain.capture() as captured:
        _draw(report, plain)
    # Table cells are padded to the column's width: no trailing blanks in a CI log.
    sys.stdout.write("".join(f"{line.rstrip()}\n" for line in captured.get().splitlines()))


def _draw(report: Report, console: Console) -> None:
    console.print(Text(report.title, style="bold"))
    if report.scenario:
        console.print(Text(f"On scenario: {report.scenario}"))
    console.print(_criteria(report))
    for script, findings in report.lints:
        if findings:
            console.print(Text(f"Lint of {script}:", style="bold"), soft_wrap=True)
            for finding in findings:
                console.print(Text(f"  {finding}"), soft_wrap=True)
    for line in job_lines(report):
        console.print(Text(line), soft_wrap=True)
    verdict, style = ("passed", "bold green") if report.passed else ("failed", "bold red")
    console.print(
        Text(f"Score {report.score}/{report.out_of} (pass mark {report.pass_mark}): ")
        + Text(f"{verdict}.", style=style)
    )


def _criteria(report: Report) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("result")
    table.add_column("points", justify="right")
    table.add_column("criterion", ratio=1)
    for mark in report.marks:
        word = Text("PASS", style="green") if mark.verdict.passed else Text("FAIL", style="red")
        said = Group(Text(mark.says), Text(mark.verdict.why, style="dim"))
        table.add_row(word, f"{mark.earned}/{mark.points}", said)
    return table


def _tty() -> bool:
    return sys.stdout.isatty()
