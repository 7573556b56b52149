"""Importing the parsers must not import Lark: console scripts pay ~110 ms for it otherwise."""

import subprocess
import sys

MODULES = [
    "arrays",
    "datetimes",
    "dependency",
    "durations",
    "gres",
    "hostlist",
    "keyvalue",
    "memory",
    "options",
    "script",
    "slurmconf",
]


def test_importing_parsers_does_not_import_lark():
    imports = "; ".join(f"import slurmsim.parse.{m}" for m in MODULES)
    code = f"import sys; {imports}; print('lark' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_hot_parsers_never_import_lark():
    code = (
        "import sys\n"
        "from slurmsim.parse.durations import parse_duration, format_duration\n"
        "from slurmsim.parse.memory import parse_memory\n"
        "from slurmsim.parse.hostlist import expand, compress\n"
        "from slurmsim.parse.datetimes import parse_begin\n"
        "parse_duration('1-0'); parse_memory('1G'); compress(expand('dgx[1-4]'))\n"
        "parse_begin('tomorrow 16:00', 1_800_000_000)\n"
        "print('lark' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
