"""How Slurm's commands read their own words: the first of a table they begin.

sacctmgr and scontrol compare what is typed with each word of a table in turn,
case-insensitively, over at least that word's fewest letters: ``sho`` is ``show``,
``m`` is ``modify``, ``st`` is ``State``; ``sh`` is nothing, and a word longer than
the table's matches nothing (the comparison takes in its terminating NUL).
"""

#: A table of a command's words in the order it tries them: (word, fewest letters, meaning).
Keywords = tuple[tuple[str, int, str], ...]


def abbreviates(word: str, name: str, least: int) -> bool:
    """Does ``word`` stand for ``name``: does it begin it, in any case, with at least
    ``least`` letters?"""
    return len(word) >= least and name.lower().startswith(word.lower())


def keyword(word: str, table: Keywords) -> str | None:
    """What ``word`` means in ``table``; None: none of its words."""
    return next((meant for full, least, meant in table if abbreviates(word, full, least)), None)
