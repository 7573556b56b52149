"""Memory sizes with Slurm's unit suffixes (``16G``, ``2000000M``, ``7812.50G``)."""

_UNITS = "MGTPE"


def format_mem(mb: int | float) -> str:
    """Memory given in MB, scaled by 1024 while Slurm would scale it.

    Slurm moves to the next unit only while the value is at least 1024 and a whole
    multiple of 512, so 2000000 MB stays ``2000000M``, 49152 becomes ``48G`` and
    8000000 stops at ``7812.50G`` (two decimals when not whole).
    """
    value = float(mb)
    unit = 0
    while value >= 1024 and int(value) % 512 == 0 and unit < len(_UNITS) - 1:
        value /= 1024
        unit += 1
    if value == int(value):
        return f"{int(value)}{_UNITS[unit]}"
    return f"{value:.2f}{_UNITS[unit]}"
