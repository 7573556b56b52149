"""Numbers as Slurm reads them: ASCII digits only.

``str.isdigit`` also takes superscripts (``"¹"``), on which ``int`` then fails, and the
digits of other scripts (``"٣"``), which ``int`` reads but Slurm's ``strtol`` does not.
"""


def is_number(text: str) -> bool:
    """Is ``text`` one or more ASCII digits (a count, an id, a signal number)?"""
    return text.isascii() and text.isdigit()
