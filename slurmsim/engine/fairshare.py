"""Fair share by the Fair Tree algorithm (Slurm 22.05's default).

Each association is compared with its siblings only: its share of the siblings'
shares (S) against its share of the parent's usage (U). The ratio S/U, the
"level fair share", orders siblings; walking the tree depth first in that order
ranks every user association, and a user's factor is its rank divided by the
number of user associations (the best-served user gets 1.0).

Usage comes from ``state.usage``: raw usage charged to each association id. An
account's usage is its own entry plus everything below it, so the store should
charge user associations only (charging and decay are a later issue).
"""

import math
from dataclasses import dataclass

from slurmsim.model.accounts import Association
from slurmsim.model.cluster import ClusterState


@dataclass(frozen=True, slots=True)
class ShareRow:
    """One association as sshare shows it."""

    assoc: Association
    depth: int  # 0 for the root account
    norm_shares: float  # S: shares / siblings' shares
    raw_usage: float  # own usage plus that of everything below
    norm_usage: float  # usage / root usage
    effective_usage: float  # U: usage / parent usage
    level_fs: float  # S / U (inf when U is 0)
    fairshare: float | None  # factor, users only


def fair_tree(state: ClusterState) -> list[ShareRow]:
    """Every association in tree order (siblings by level fair share) with its numbers."""
    tree = _Tree(state)
    return tree.rows()


def fairshare_factors(state: ClusterState) -> dict[int, float]:
    """The fair-share factor of every user association, by association id."""
    return {r.assoc.id: r.fairshare for r in fair_tree(state) if r.fairshare is not None}


class _Tree:
    def __init__(self, state: ClusterState) -> None:
        assocs = sorted(state.associations, key=lambda a: a.id)
        self.usage = state.usage
        self.accounts = {a.account: a for a in assocs if a.user is None}
        self.children: dict[str, list[Association]] = {}
        for a in assocs:
            parent = a.account if a.user is not None else a.parent_account
            if parent is not None and (a.user is not None or a.account != parent):
                self.children.setdefault(parent, []).append(a)
        self.total_usage: dict[int, float] = {}
        root = self.accounts.get("root")
        self.root = root
        if root is not None:
            self._sum(root)
        self.users = sum(1 for a in assocs if a.user is not None)

    def _kids(self, a: Association) -> list[Association]:
        return [] if a.user is not None else self.children.get(a.account, [])

    def _sum(self, a: Association) -> float:
        total = self.usage.get(a.id, 0.0) + sum(self._sum(k) for k in self._kids(a))
        self.total_usage[a.id] = total
        return total

    def rows(self) -> list[ShareRow]:
        if self.root is None:
            return []
        root_usage = self.total_usage[self.root.id]
        rows: list[ShareRow] = []
        factors: dict[int, float] = {}
        rank = [self.users]
        root_row = ShareRow(self.root, 0, 1.0, root_usage, 1.0, 1.0, math.inf, None)
        rows.append(root_row)
        self._walk(self.root, 1, root_usage, rows, factors, rank)
        return [
            ShareRow(
                r.assoc,
                r.depth,
                r.norm_shares,
                r.raw_usage,
                r.norm_usage,
                r.effective_usage,
                r.level_fs,
                factors.get(r.assoc.id),
            )
            for r in rows
        ]

    def _walk(  # noqa: PLR0917 (recursive walk carrying its accumulators)
        self,
        parent: Association,
        depth: int,
        root_usage: float,
        rows: list[ShareRow],
        factors: dict[int, float],
        rank: list[int],
    ) -> None:
        kids = self._kids(parent)
        total_shares = sum(k.shares for k in kids)
        parent_usage = self.total_usage[parent.id]
        level: list[tuple[ShareRow, Association]] = []
        for k in kids:
            s = k.shares / total_shares if total_shares else 0.0
            used = self.total_usage[k.id]
            u = used / parent_usage if parent_usage else 0.0
            lf = 0.0 if s == 0 else (s / u if u else math.inf)
            nu = used / root_usage if root_usage else 0.0
            level.append((ShareRow(k, depth, s, used, nu, u, lf, None), k))
        # Highest level fair share first; a user before an account with the same value.
        level.sort(key=lambda p: (-p[0].level_fs, p[1].user is None, p[1].id))
        i = 0
        while i < len(level):
            row, a = level[i]
            if a.user is None:
                rows.append(row)
                self._walk(a, depth + 1, root_usage, rows, factors, rank)
                i += 1
                continue
            # Sibling users with equal level fair share share one rank.
            tied = [p for p in level[i:] if p[1].user is not None and p[0].level_fs == row.level_fs]
            for trow, t in tied:
                rows.append(trow)
                factors[t.id] = rank[0] / self.users if self.users else 0.0
            rank[0] -= len(tied)
            i += len(tied)
