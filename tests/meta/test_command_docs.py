"""The examples in docs/commands/*.md print what slurmsim prints (tests/meta/docpages.py).

A failure means a page and slurmsim disagree: fix slurmsim, or if the change is meant,
``PYTHONPATH=. python scripts/update-command-docs.py`` and read the diff.
"""

from pathlib import Path

import pytest

from tests.meta import docpages

PAGES = docpages.pages()
COMMANDS = ("sbatch", "srun", "salloc", "squeue", "sinfo", "scontrol", "scancel", "sacct",
            "sprio", "sshare", "sacctmgr")  # fmt: skip


def test_every_command_has_a_page() -> None:
    assert sorted(p.stem for p in PAGES if p.parent == docpages.PAGES) == sorted(COMMANDS)


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_page_examples_print_what_slurmsim_prints(page: Path) -> None:
    ran = docpages.outputs(page)
    assert [(s.command, printed) for s, printed in ran] == [(s.command, s.expected) for s, _ in ran]


def test_rewrite_keeps_a_page_that_is_up_to_date() -> None:
    text = "intro\n```console\n$ a\nx\n$ b\n```\nend\n"
    assert docpages.rewrite(text, ["x\n", ""]) == text
    assert docpages.rewrite(text, ["y\nz\n", "w\n"]) == (
        "intro\n```console\n$ a\ny\nz\n$ b\nw\n```\nend\n"
    )
