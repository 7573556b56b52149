"""Node names back into a hostlist (``dgx2 dgx3`` -> ``dgx[2-3]``) for reason texts.

The engine may not import ``slurmsim.parse``, and it only needs the simple case:
names that share a prefix and end in digits, in the order given.
"""

import re

_NAME = re.compile(r"(.*?)(\d+)\Z")


def compress(names: list[str]) -> str:
    """A hostlist expression for ``names`` (runs of consecutive numbers merged)."""
    groups: list[tuple[str, list[tuple[int, str]]]] = []
    for name in names:
        m = _NAME.match(name)
        if m is None:
            groups.append((name, []))
            continue
        prefix, digits = m[1], m[2]
        if groups and groups[-1][0] == prefix and groups[-1][1]:
            groups[-1][1].append((int(digits), digits))
        else:
            groups.append((prefix, [(int(digits), digits)]))
    return ",".join(_group(prefix, nums) for prefix, nums in groups)


def _group(prefix: str, nums: list[tuple[int, str]]) -> str:
    if not nums:
        return prefix
    if len(nums) == 1:
        return prefix + nums[0][1]
    parts: list[str] = []
    start = prev = nums[0]
    for cur in nums[1:]:
        if cur[0] == prev[0] + 1 and len(cur[1]) == len(prev[1]):
            prev = cur
            continue
        parts.append(_span(start, prev))
        start = prev = cur
    parts.append(_span(start, prev))
    return f"{prefix}[{','.join(parts)}]"


def _span(a: tuple[int, str], b: tuple[int, str]) -> str:
    return a[1] if a == b else f"{a[1]}-{b[1]}"
