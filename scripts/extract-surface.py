#!/usr/bin/env python3
"""Write tests/meta/surface.txt: the option and subcommand names of Slurm 22.05's commands.

Reads the man pages installed on this machine (``man -w sbatch`` must find them) and
keeps facts only: each option's long and short names and whether it takes a value,
scontrol's commands and ``show`` entities, sacctmgr's commands and entities. The
coverage test (tests/meta/test_coverage.py) reads the file, so it runs without man pages.

Usage: scripts/extract-surface.py [OUTPUT]   (default: tests/meta/surface.txt)
"""

import gzip
import re
import subprocess
import sys
from pathlib import Path

COMMANDS = ("sbatch", "srun", "salloc", "squeue", "sinfo", "scontrol", "scancel",
            "sacct", "sprio", "sshare", "sacctmgr")  # fmt: skip
ROOT = Path(__file__).resolve().parent.parent
HEADER = """\
# Slurm 22.05's command surface, from its man pages (scripts/extract-surface.py rewrites it).
# One entry a line, fields separated by spaces:
#   COMMAND option LONG SHORT ARG   LONG/SHORT are "-" when absent; ARG: none|required|optional
#   COMMAND command WORD             a subcommand (scontrol, sacctmgr)
#   COMMAND entity WORD              what scontrol show / sacctmgr show takes
"""

_FONT = re.compile(r"\\f[BIRP1-4]")
_LONG = re.compile(r"^--([A-Za-z0-9][A-Za-z0-9_-]*)(\[?=)?")
_SHORT = re.compile(r"^-([A-Za-z0-9])\b")


#: Options whose man page entry shows no value although the command requires one.
_TAKES_VALUE = {("sacct", "format"), ("sacct", "partition"), ("sacct", "qos"),
                ("sacct", "starttime")}  # fmt: skip


def roff(command: str) -> list[str]:
    """The man page source of ``command`` as lines, escapes for '-' undone."""
    path = subprocess.run(["man", "-w", command], capture_output=True, text=True, check=True)
    raw = gzip.decompress(Path(path.stdout.strip()).read_bytes()).decode("utf-8", "replace")
    return [line.replace("\\-", "-") for line in raw.splitlines()]


def sections(lines: list[str]) -> dict[str, list[str]]:
    """Each ``.SH`` section's lines by its title."""
    out: dict[str, list[str]] = {}
    title = ""
    for line in lines:
        if line.startswith(".SH"):
            title = line[3:].strip().strip('"')
            out[title] = []
        else:
            out.setdefault(title, []).append(line)
    return out


def tags(body: list[str]) -> list[tuple[int, str]]:
    """The tag line after each ``.TP``, with its ``.RS`` nesting depth, fonts removed."""
    out: list[tuple[int, str]] = []
    depth = 0
    for i, line in enumerate(body):
        if line.startswith(".RS"):
            depth += 1
        elif line.startswith(".RE"):
            depth = max(0, depth - 1)
        elif line.startswith(".TP") and i + 1 < len(body):
            out.append((depth, _FONT.sub("", body[i + 1]).strip()))
    return out


def option(tag: str) -> tuple[str, str, str] | None:
    """``-A, --account=<account>`` -> ("account", "A", "required"); None if not an option."""
    long = short = "-"
    arg = "none"
    for part in (p.strip() for p in tag.split(",")):
        if m := _LONG.match(part):
            long, arg = m.group(1), {"=": "required", "[=": "optional"}.get(m.group(2) or "", arg)
        elif m := _SHORT.match(part):
            short = m.group(1)
            if arg == "none" and re.match(r"^-\w\s*<", part):
                arg = "required"
        if long == "-" and short == "-" and not part.startswith("-"):
            return None
    if long == "-" and short == "-":
        return None
    if arg == "none" and re.search(r"\s<\w", tag):
        arg = "required"  # "-p <partition>"
    return long, short, arg


def surface(command: str) -> list[str]:
    """The entries of ``command``, in man page order."""
    by_title = sections(roff(command))
    rows = []
    seen = set()
    for depth, tag in tags(by_title.get("OPTIONS", [])):
        found = option(tag) if depth == 0 else None
        if found and found[:2] not in seen:
            seen.add(found[:2])
            long, short, arg = found
            arg = "required" if (command, long) in _TAKES_VALUE else arg
            rows.append(f"{command} option {long} {short} {arg}")
    if command in ("scontrol", "sacctmgr"):
        words = tags(by_title.get("COMMANDS", []))
        names = [t.split()[0] for d, t in words if d == 0]
        rows += [f"{command} command {w}" for w in dict.fromkeys(names)]
    if command == "scontrol":
        in_show = False
        for depth, tag in tags(by_title.get("COMMANDS", [])):
            if depth == 0:
                in_show = tag.startswith("show ")
            elif in_show and depth == 1 and re.fullmatch(r"[a-z_]+", tag):
                rows.append(f"{command} entity {tag}")
    if command == "sacctmgr":
        entities = [t for d, t in tags(by_title.get("ENTITIES", [])) if d == 0]
        rows += [f"{command} entity {t.split()[0].lower()}" for t in entities]
    return rows


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "tests/meta/surface.txt"
    lines = [row for command in COMMANDS for row in surface(command)]
    target.write_text(HEADER + "\n".join(lines) + "\n")
    print(f"{target}: {len(lines)} entries")


if __name__ == "__main__":
    main()
