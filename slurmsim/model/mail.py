"""``--mail-type``: the kinds of mail a job asks for, as Slurm orders and expands them."""

#: The order slurmctld gives mail types in.
MAIL_TYPES = (
    "ARRAY_TASKS", "INVALID_DEPEND", "BEGIN", "END", "FAIL", "REQUEUE", "STAGE_OUT",
    "TIME_LIMIT_50", "TIME_LIMIT_80", "TIME_LIMIT_90", "TIME_LIMIT",
)  # fmt: skip
#: What ALL stands for.
MAIL_ALL = frozenset({"INVALID_DEPEND", "BEGIN", "END", "FAIL", "REQUEUE", "STAGE_OUT"})
#: Every word ``--mail-type`` takes.
MAIL_WORDS = frozenset({*MAIL_TYPES, "ALL", "NONE"})


def mail_kinds(asked: str | None) -> list[str]:
    """The kinds of every ``--mail-type`` given (kept ``;`` apart, each adding to the ones
    before), each read up to a NONE, which leaves it none; in Slurm's order."""
    names: set[str] = set()
    for each in (asked or "").split(";"):
        words = each.upper().split(",")
        if "NONE" not in words:
            names.update(*(MAIL_ALL if word == "ALL" else {word} for word in words))
    return [kind for kind in MAIL_TYPES if kind in names]
