"""Fair share: the Fair Tree algorithm (Slurm 22.05's default) and the classic formula.

Fair Tree compares each association with its siblings only: its share of the
siblings' shares (S) against its share of the parent's usage (U). The ratio S/U,
the "level fair share", orders siblings; walking the tree depth first in that
order ranks every user association, and a user's factor is its rank divided by
the number of user associations (the best-served user gets 1.0). Siblings with
equal level fair share tie: tied users share a rank, and the children of tied
accounts are merged and ranked as one level.

The classic formula (``PriorityFlags=NO_FAIR_TREE``) gives each association
2^(-U_eff / S / FairShareDampeningFactor), with S its share of the whole cluster
and U_eff its usage blended with its parent's.

Usage is the one the last PriorityCalcPeriod left (``usage.usage_seen``); sshare's
RawUsage alone shows the live number. An account's usage is its own entry plus
everything below it.
"""

import math
from collections.abc import Iterator
from dataclasses import dataclass

from slurmsim.engine.usage import new_since_calc, usage_seen
from slurmsim.model.accounts import Association
from slurmsim.model.cluster import ClusterState


@dataclass(frozen=True, slots=True)
class ShareRow:
    """One association as sshare shows it."""

    assoc: Association
    depth: int  # 0 for the root account
    norm_shares: float  # Fair Tree: shares / siblings' shares; classic: share of the cluster
    raw_usage: float  # live usage of the association and everything below it
    norm_usage: float | None  # usage / root usage (at the last calculation); None: new since
    effective_usage: float  # Fair Tree: usage / parent usage; classic: blended with parents
    level_fs: float | None  # Fair Tree's S / U (inf when U is 0); None under classic
    fairshare: float | None  # the factor; Fair Tree gives users only

    @property
    def is_root(self) -> bool:
        return self.depth == 0


def fair_tree_enabled(state: ClusterState) -> bool:
    """Fair Tree is on unless ``PriorityFlags`` has NO_FAIR_TREE (22.05's default)."""
    return "NO_FAIR_TREE" not in state.config.priority_flags


def fairshare_factors(state: ClusterState) -> dict[int, float]:
    """The fair-share factor of every user association, by association id."""
    return FairShare(state).factors(usage_seen(state))


class FairShare:
    """Fair-share factors from any usage, over associations that stay put.

    The scheduler asks at every recalculation, with usage that moved: the tree is
    built once, and only the ranks (not sshare's other columns) are worked out.
    """

    def __init__(self, state: ClusterState) -> None:
        self._state = state
        self._tree = _Tree(state, live=False) if fair_tree_enabled(state) else None

    def factors(self, usage: dict[int, float]) -> dict[int, float]:
        """The factor of every user association, by association id, from ``usage``."""
        tree = self._tree
        if tree is None:
            rows = share_rows(self._state)
            return {
                r.assoc.id: r.fairshare for r in rows if r.assoc.user and r.fairshare is not None
            }
        if tree.root is None:
            return {}
        tree.used = tree._totals(usage)
        ranks = tree._ranks()
        return {a.id: ranks.get(a.id, 0.0) for a in tree.user_order}


def share_rows(state: ClusterState) -> list[ShareRow]:
    """Every association in sshare's order: depth first from root, users before
    sub-accounts, each by name."""
    tree = _Tree(state)
    if tree.root is None:
        return []
    return tree.rows(fair_tree_enabled(state))


class _Tree:
    def __init__(self, state: ClusterState, *, live: bool = True) -> None:
        assocs = sorted(state.associations, key=lambda a: a.id)
        self.children: dict[str, list[Association]] = {}
        self.root: Association | None = None
        for a in assocs:
            if a.user is None and a.account == "root":
                self.root = self.root or a
                continue
            parent = a.account if a.user is not None else a.parent_account
            if parent is not None:
                self.children.setdefault(parent, []).append(a)
        #: Each association's shares over its siblings' (S): the tree stays put, so S does.
        self._shares: dict[int, float] = {}
        for kids in self.children.values():
            kids.sort(key=lambda a: (a.user is None, a.user or a.account))
            total = sum(k.shares for k in kids)
            for k in kids:
                self._shares[k.id] = k.shares / total if total else 0.0
        #: Associations added since the decay thread's last pass: slurmctld ranks them at
        #: its next one (the factor is 0 until then) and the others as that pass did.
        self.fresh = frozenset(a.id for a in assocs if new_since_calc(state, a.id))
        ranked = {a.id: a for a in assocs if a.id not in self.fresh}
        self.users = sum(1 for a in ranked.values() if a.user is not None)
        #: Each account association's children as ranking reads them: (id, S, is an account).
        self._kid_ids: dict[int, list[tuple[int, float, bool]]] = {
            a.id: _ranked_kids([k for k in self.kids(a) if k.id in ranked])
            for a in ranked.values()
            if a.user is None
        }
        #: Everything below the root in sshare's order, and its user associations.
        self.order = list(self.depth_first(self.root)) if self.root is not None else []
        self.user_order = [a for a in self.order if a.user]
        #: Every association with the ids of its children, each after those below it.
        self._sums = (
            [(a.id, [k.id for k in self.kids(a)]) for a in (*reversed(self.order), self.root)]
            if self.root is not None
            else []
        )
        self.used = self._totals(usage_seen(state))
        self.live = self._totals(state.usage) if live else {}
        self.dampening = max(state.config.fairshare_dampening_factor, 1)

    def kids(self, a: Association) -> list[Association]:
        return [] if a.user is not None else self.children.get(a.account, [])

    def depth_first(self, a: Association) -> Iterator[Association]:
        """Everything below ``a``, in sshare's order."""
        for k in self.kids(a):
            yield k
            yield from self.depth_first(k)

    def _totals(self, usage: dict[int, float]) -> dict[int, float]:
        """Each association's usage with everything below it."""
        totals: dict[int, float] = {}
        for assoc, kids in self._sums:
            own = usage.get(assoc, 0.0)
            if kids:  # summed from 0 in order, as ``sum`` does
                below = 0.0
                for kid in kids:
                    below += totals[kid]
                own += below
            totals[assoc] = own
        return totals

    # -- the numbers of each level -----------------------------------------------------

    def level(self, parent: Association) -> list[tuple[Association, float, float, float]]:
        """Each child of ``parent`` with its S, U and level fair share."""
        used, shares = self.used, self._shares
        parent_used = used[parent.id]
        out = []
        for k in self.kids(parent):
            s = shares[k.id]
            u = used[k.id] / parent_used if parent_used else 0.0
            lf = 0.0 if s == 0 else (s / u if u else math.inf)
            out.append((k, s, u, lf))
        return out

    def rows(self, fair_tree: bool) -> list[ShareRow]:
        assert self.root is not None
        factors = self._ranks() if fair_tree else {}
        root_used = self.used[self.root.id]
        root_fs = None if fair_tree else _classic(1.0, 1.0, self.dampening)
        rows = [
            ShareRow(self.root, 0, 0.0 if fair_tree else 1.0, self.live[self.root.id],
                     1.0, 1.0, None, root_fs)
        ]  # fmt: skip

        def walk(parent: Association, depth: int, global_s: float, parent_eff: float) -> None:
            for k, s, u, lf in self.level(parent):
                norm = self.used[k.id] / root_used if root_used else 0.0
                if k.id in self.fresh:  # as slurmctld set it up, until the next pass
                    row = ShareRow(k, depth, s, self.live[k.id], None, 0.0, 0.0, 0.0)
                    eff, share = 0.0, global_s * s
                elif fair_tree:
                    row = ShareRow(k, depth, s, self.live[k.id], norm, u, lf, factors.get(k.id))
                    eff, share = u, s
                else:
                    share = global_s * s
                    # Level-1 accounts use their own normalised usage; deeper ones blend in
                    # their parent's effective usage by their level share.
                    eff = norm if depth == 1 else norm + (parent_eff - norm) * s
                    fs = _classic(eff, share, self.dampening)
                    row = ShareRow(k, depth, share, self.live[k.id], norm, eff, None, fs)
                rows.append(row)
                walk(k, depth + 1, share, eff)

        walk(self.root, 1, 1.0, 1.0)
        return rows

    # -- Fair Tree ranking -----------------------------------------------------------------

    def _ranks(self) -> dict[int, float]:
        """Fair Tree's factor of every user association."""
        assert self.root is not None
        factors: dict[int, float] = {}
        # The rank the next user gets, and the users still to rank (its rank without ties).
        at = [self.users, self.users]
        self._rank_level(self._level_keys(self.root.id), False, factors, at)
        return factors

    def _level_keys(self, parent: int) -> list[tuple[float, bool, int]]:
        """Each child of account association ``parent`` as its siblings are ranked:
        (-level fair share, is an account, id) sorts highest first, a user before an
        account with the same value."""
        used = self.used
        parent_used = used[parent]
        keys = []
        for kid, s, account in self._kid_ids[parent]:
            u = used[kid] / parent_used if parent_used else 0.0
            lf = 0.0 if s == 0 else (s / u if u else math.inf)
            keys.append((-lf, account, kid))
        return keys

    def _rank_level(
        self,
        siblings: list[tuple[float, bool, int]],
        tied_on_entry: bool,
        out: dict[int, float],
        at: list[int],
    ) -> None:
        siblings.sort()
        previous = 0.0
        i, n = 0, len(siblings)
        while i < n:
            key, account, kid = siblings[i]
            tied = tied_on_entry if i == 0 else key == previous
            previous = key
            if account:
                # Accounts tied with this one (next in order): their children rank as one level.
                j = i + 1
                while j < n and siblings[j][1] and siblings[j][0] == key:
                    j += 1
                merged = [c for _, _, acct in siblings[i:j] for c in self._level_keys(acct)]
                self._rank_level(merged, tied, out, at)
                i = j
                continue
            if not tied:
                at[0] = at[1]
            out[kid] = at[0] / self.users if self.users else 0.0
            at[1] -= 1
            i += 1


def _ranked_kids(kids: list[Association]) -> list[tuple[int, float, bool]]:
    """``kids`` as ranking reads them: (id, shares over the siblings' shares, is an account)."""
    total = sum(k.shares for k in kids)
    return [(k.id, k.shares / total if total else 0.0, k.user is None) for k in kids]


def _classic(effective_usage: float, share: float, dampening: int) -> float:
    """The classic factor 2^(-U_eff / S / dampening); 0 for an association without shares."""
    if share <= 0:
        return 0.0
    return float(2.0 ** (-effective_usage / share / dampening))
