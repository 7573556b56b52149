"""Advance reservations: nodes set aside for a time window and for some users or accounts.

``Reservation`` is what ``scontrol show reservation`` lists; ``ReservationRequest`` is what
``scontrol create|update reservation`` asks for, already parsed. A reservation is active
from its ``start_time`` up to (not including) its ``end_time``.
"""

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from slurmsim.model.time import Instant, Seconds

#: ``Duration=UNLIMITED`` gives a reservation of one year, as Slurm makes it.
UNLIMITED_DURATION = Seconds(365 * 86400)

#: The flag words a user may give, in the order ``scontrol show reservation`` prints them.
#: ``SPEC_NODES`` and ``ALL_NODES`` are set by the controller (``Nodes=`` given, ``Nodes=ALL``).
FLAG_ORDER = (
    "MAINT",
    "FLEX",
    "OVERLAP",
    "IGNORE_JOBS",
    "HOURLY",
    "DAILY",
    "WEEKDAY",
    "WEEKEND",
    "WEEKLY",
    "SPEC_NODES",
    "ALL_NODES",
    "ANY_NODES",
    "STATIC_ALLOC",
    "PART_NODES",
    "FIRST_CORES",
    "REPLACE",
    "REPLACE_DOWN",
    "PURGE_COMP",
    "NO_HOLD_JOBS_AFTER",
    "MAGNETIC",
)

#: The flags that make a reservation recur, in the order slurmctld looks for them: when its
#: window ends it moves on to the next one (``Reservation.next_window``).
RECURRING = ("HOURLY", "DAILY", "WEEKDAY", "WEEKEND", "WEEKLY")
_HOUR, _DAY = 3600, 86400

#: How some flags print: ``PURGE_COMP`` carries its delay, and one flag is spelt longer.
FLAG_SHOWN = {"PURGE_COMP": "PURGE_COMP=00:05:00", "NO_HOLD_JOBS_AFTER": "NO_HOLD_JOBS_AFTER_END"}


def ordered_flags(flags: Iterable[str]) -> tuple[str, ...]:
    """``flags`` without repeats, in Slurm's printing order."""
    wanted = set(flags)
    return tuple(f for f in FLAG_ORDER if f in wanted)


@dataclass(frozen=True, slots=True)
class Reservation:
    """One advance reservation as slurmctld keeps it."""

    name: str
    start_time: Instant
    end_time: Instant
    nodes: tuple[str, ...]  # in the cluster's node order
    users: tuple[str, ...] = ()
    accounts: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()  # words of FLAG_ORDER, in that order
    partition: str | None = None  # set when the controller chose the nodes (NodeCnt=)
    #: It was given its length (``Duration=``), which a new StartTime keeps; otherwise
    #: (``EndTime=``, the last one given wins) a new StartTime keeps its end.
    by_duration: bool = False

    @property
    def duration(self) -> Seconds:
        return Seconds(self.end_time - self.start_time)

    @property
    def maint(self) -> bool:
        return "MAINT" in self.flags

    @property
    def recurs(self) -> bool:
        return any(f in RECURRING for f in self.flags)

    def next_window(self, now: Instant) -> tuple[Instant, Instant]:
        """The window a recurring reservation moves on to at ``now``: an hour, a day or a
        week on; ``WEEKDAY`` skips to Monday from a Friday or Saturday and ``WEEKEND`` to
        Saturday from a weekday, judged by the day ``now`` falls on (the cluster's clock is
        UTC), as slurmctld judges it."""
        flag = next(f for f in RECURRING if f in self.flags)
        weekday = (time.gmtime(now).tm_wday + 1) % 7  # Sunday 0, as C counts
        days = {
            "HOURLY": 0,
            "DAILY": 1,
            "WEEKDAY": {5: 3, 6: 2}.get(weekday, 1),
            "WEEKEND": {0: 6, 6: 1}.get(weekday, 6 - weekday),
            "WEEKLY": 7,
        }[flag]
        shift = days * _DAY if days else _HOUR
        return Instant(self.start_time + shift), Instant(self.end_time + shift)

    def active(self, now: Instant) -> bool:
        """Whether the window holds ``now``: ``State=ACTIVE``."""
        return self.start_time <= now < self.end_time

    def overlaps(self, start: Instant, end: Instant) -> bool:
        """Whether the window meets ``[start, end)``."""
        return self.start_time < end and start < self.end_time

    def allows(self, user: str, account: str, above: Iterable[str] = ()) -> bool:
        """Whether a job of ``user`` charged to ``account`` (under the accounts ``above``
        it) may run in it, as slurmctld judges by the associations it lets in: users and
        accounts both named let in each user in each account; an account named alone lets
        in the accounts below it too; a list led by ``-`` shuts its names out instead;
        with only such lists, everyone else may."""
        users_not, users = listed(self.users)
        accounts_not, accounts = listed(self.accounts)
        lineage = {account, *above}
        if (users_not and user in users) or (accounts_not and not lineage.isdisjoint(accounts)):
            return False
        user_in = bool(users) and not users_not
        account_in = bool(accounts) and not accounts_not
        if user_in and account_in:
            return user in users and account in accounts
        if not user_in and not account_in:
            return True
        return (user_in and user in users) or (account_in and not lineage.isdisjoint(accounts))


def listed(names: tuple[str, ...]) -> tuple[bool, tuple[str, ...]]:
    """(whether the list shuts its names out, the names): ``Users=-carol,-bob`` lets in
    everyone but carol and bob (the controller refuses a list that mixes the two)."""
    if names and names[0].startswith("-"):
        return True, tuple(n.removeprefix("-") for n in names)
    return False, names


@dataclass(frozen=True, slots=True)
class ReservationRequest:
    """``scontrol create|update reservation`` arguments, parsed; None = not given.

    ``nodes`` holds node names as given (``("ALL",)`` for ``Nodes=ALL``); the controller
    checks them. ``flags_removed`` holds the words of ``Flags-=``.
    """

    name: str | None = None
    start_time: Instant | None = None
    end_time: Instant | None = None
    duration: Seconds | None = None
    nodes: tuple[str, ...] | None = None
    node_count: int | None = None
    users: tuple[str, ...] | None = None
    accounts: tuple[str, ...] | None = None
    flags: tuple[str, ...] | None = None
    flags_removed: tuple[str, ...] = ()
    partition: str | None = None


def node_flags(reservations: Iterable[Reservation], now: Instant) -> Mapping[str, frozenset[str]]:
    """The node state flags active reservations set, by node name.

    Every node of an active reservation is ``RESERVED``; one of a MAINT reservation is
    also ``MAINTENANCE`` (scontrol ``State=IDLE+MAINTENANCE+RESERVED``).
    """
    flags: dict[str, set[str]] = {}
    for resv in reservations:
        if not resv.active(now):
            continue
        words = {"MAINTENANCE", "RESERVED"} if resv.maint else {"RESERVED"}
        for node in resv.nodes:
            flags.setdefault(node, set()).update(words)
    return {node: frozenset(words) for node, words in flags.items()}
