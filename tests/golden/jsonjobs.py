"""Leave other people's jobs out of a recorded ``squeue --json`` or ``--yaml`` dump.

Slurm 22.05's dump ignores every filter and lists each job the controller still
holds, so a recording also shows jobs that others ran on the oracle shortly before
(until MinJobAge purges them). A replay cannot know those; ``only_jobs`` keeps the
records of the jobs the scenario submitted, byte for byte, and nothing else changes.
"""

import re
from collections.abc import Collection

_JSON_ID = re.compile(rb'^      "job_id": (\d+),$', re.M)
_YAML_ID = re.compile(rb"^  !!str job_id: !!int (\d+)$", re.M)


def _json_records(lines: list[bytes]) -> tuple[int, int, list[list[bytes]]]:
    """The jobs list's first and end line, and its records without their commas."""
    first = lines.index(b'  "jobs": [') + 1
    records: list[list[bytes]] = []
    i = first
    while lines[i] == b"    {":
        end = next(j for j in range(i, len(lines)) if lines[j] in (b"    }", b"    },"))
        records.append([*lines[i:end], b"    }"])
        i = end + 1
    return first, i, records


def _yaml_records(lines: list[bytes]) -> tuple[int, int, list[list[bytes]]]:
    first = lines.index(b"!!str jobs: !!seq") + 1
    records: list[list[bytes]] = []
    i = first
    while i < len(lines) and lines[i] == b"- !!map":
        end = i + 1
        while end < len(lines) and lines[end].startswith(b"  "):
            end += 1
        records.append(lines[i:end])
        i = end
    return first, i, records


def only_jobs(dump: bytes, keep: Collection[int]) -> bytes:
    """``dump`` with the records of jobs outside ``keep`` removed (JSON or YAML)."""
    lines = dump.split(b"\n")
    yaml = dump.startswith(b"%YAML")
    if yaml and b"!!str jobs: !!seq" not in lines:
        return dump
    if not yaml and b'  "jobs": [' not in lines:
        return dump
    first, end, records = (_yaml_records if yaml else _json_records)(lines)
    pattern = _YAML_ID if yaml else _JSON_ID
    kept = []
    for record in records:
        found = pattern.search(b"\n".join(record))
        if found is not None and int(found.group(1)) in keep:
            kept.append(record)
    if yaml:
        if not kept:
            return b"\n".join([*lines[: first - 1], b"!!str jobs: !!seq []", *lines[end:]])
        return b"\n".join(lines[:first] + [line for r in kept for line in r] + lines[end:])
    body = [line for r in kept for line in [*r[:-1], b"    },"]]
    if body:
        body[-1] = b"    }"
    return b"\n".join(lines[:first] + body + lines[end:])
