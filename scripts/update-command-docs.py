#!/usr/bin/env python3
"""Rewrite the example outputs of docs/commands/*.md from what slurmsim prints.

Run from the repository root: ``PYTHONPATH=. python scripts/update-command-docs.py
[PAGE...]``. Write the commands of a new example (a prompt line, see
tests/meta/docpages.py), run this, and read the diff before committing it.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.meta import docpages  # after the path is set


def main() -> None:
    pages = [Path(a).resolve() for a in sys.argv[1:]] or docpages.pages()
    for page in pages:
        text = page.read_text()
        printed = [out for _, out in docpages.outputs(page)]
        new = docpages.rewrite(text, printed)
        if new != text:
            page.write_text(new)
            print(f"{page}: {len(printed)} examples rewritten")


if __name__ == "__main__":
    main()
