"""Numbers as Slurm reads them: ASCII digits only.

``str.isdigit`` also takes superscripts (``"¹"``), on which ``int`` then fails, and the
digits of other scripts (``"٣"``), which ``int`` reads but Slurm's ``strtol`` does not.
"""


def is_number(text: str) -> bool:
    """Is ``text`` one or more ASCII digits (a count, an id, a signal number)?"""
    return text.isascii() and text.isdigit()


#: C's isspace: what atoi skips before a number.
_SPACE = " \t\n\v\f\r"


def atoi(text: str) -> int:
    """C's ``atoi``: an optional sign and the ASCII digits after leading white space, 0
    when there are none, kept to a C int as the conversion wraps it."""
    rest = text.lstrip(_SPACE)
    sign = rest[:1] if rest[:1] in ("+", "-") else ""
    digits = rest[len(sign) :]
    end = 0
    while end < len(digits) and digits[end].isascii() and digits[end].isdigit():
        end += 1
    if not end:
        return 0
    value = int(sign + digits[:end]) % 2**32
    return value - 2**32 if value >= 2**31 else value
