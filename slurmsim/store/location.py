"""Where the store lives when nobody says."""

import os


def default_url() -> str:
    """``$SLURMSIM_DB`` if set (a path or a SQLAlchemy URL), else ``slurmsim.db`` in the data dir.

    The data dir is ``$XDG_DATA_HOME/slurmsim`` or ``~/.local/share/slurmsim`` and is
    created on demand. The result is a plain path in that case.
    """
    configured = os.environ.get("SLURMSIM_DB")
    if configured:
        return configured
    base = os.environ.get("XDG_DATA_HOME", "")
    # The XDG spec says to ignore a relative XDG_DATA_HOME. (os.path, not pathlib: this
    # runs in every command, and pathlib costs a few ms to import.)
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".local", "share")
    folder = os.path.join(base, "slurmsim")
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, "slurmsim.db")
