"""``--signal=[{R|B}:]<sig_num>[@sig_time]`` as sbatch, srun and salloc read it."""

import re

from slurmsim.model.digits import is_number
from slurmsim.model.signals import WarnSignal, signal_number
from slurmsim.parse.errors import ParseError

_SPEC = re.compile(r"(?:(?P<flags>[RB]+):)?(?P<sig>[^@]*)(?:@(?P<time>.*))?\Z")
#: Largest sig_time: it is kept in 16 bits.
MAX_SIG_TIME = 0xFFFF


def parse_warn_signal(text: str, *, batch_allowed: bool = True) -> WarnSignal:
    """The request, or ``ParseError`` when it is not one (the caller words the refusal).

    ``batch_allowed``: ``B:`` exists for sbatch only (srun and salloc have no batch shell).
    """
    match = _SPEC.match(text)
    if match is None:
        raise ParseError(text)
    flags = match["flags"] or ""
    if "B" in flags and not batch_allowed:
        raise ParseError(text)
    sig = signal_number(match["sig"])
    if sig is None or not 0 < sig <= 0xFFFF:  # any number is taken (oracle: --signal=99)
        raise ParseError(text)
    before = 60
    if match["time"] is not None:
        if not is_number(match["time"]) or int(match["time"]) > MAX_SIG_TIME:
            raise ParseError(text)
        before = int(match["time"])
    return WarnSignal(sig, before, batch_only="B" in flags, reservation="R" in flags)
