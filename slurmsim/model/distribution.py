"""srun's task distribution (``-m``): the text a step's environment carries and the name
``scontrol show step`` gives it (the oracle: ``-m block:cyclic`` is ``BCyclic``)."""

#: What ``*`` stands for at each level: the nodes, the sockets, the cores (the oracle:
#: ``*:cyclic`` is ``block:cyclic`` even with a task a node, ``block:*`` ``block:cyclic``).
_DEFAULTS = ("block", "cyclic", "cyclic")
_WORDS = {"block": "Block", "cyclic": "Cyclic", "fcyclic": "FCyclic"}
_PACKING = {"pack": ",Pack", "nopack": ",NoPack"}


def resolved(typed: str | None, ntasks: int, nodes: int) -> str:
    """A step's distribution as srun settles it: ``typed`` lowered, every ``*`` filled
    in; when none was asked, block if a node has more than one task, else cyclic."""
    if not typed:
        return "block" if ntasks > nodes else "cyclic"
    layout, comma, packing = typed.lower().partition(",")
    if layout.startswith("plane"):
        return layout
    given = zip(layout.split(":"), _DEFAULTS, strict=False)  # srun allows three levels
    levels = [default if level == "*" else level for level, default in given]
    return ":".join(levels) + comma + packing


def environment(text: str) -> dict[str, str]:
    """SLURM_DISTRIBUTION (and a plane's size) for a step distributed as ``text``."""
    layout, _, size = text.lower().partition("=")
    if layout == "plane" and size:
        return {"SLURM_DISTRIBUTION": "plane", "SLURM_DIST_PLANESIZE": size}
    return {"SLURM_DISTRIBUTION": layout}


def name(text: str) -> str:
    """scontrol's ``Dist=``: a level alone by its name (``Block``, ``Plane``), more than
    one as the node level's initial and the others' names (``CCyclicBlock``)."""
    layout, _, packing = text.lower().partition(",")
    levels = layout.partition("=")[0].split(":")
    if levels == ["arbitrary"]:
        shown = "arbitrary task distribution"  # slurmctld's words for it (the oracle)
    elif len(levels) == 1:
        shown = levels[0].capitalize()
    else:
        shown = levels[0][:1].upper() + "".join(_WORDS.get(p, p) for p in levels[1:])
    return shown + _PACKING.get(packing, "")
