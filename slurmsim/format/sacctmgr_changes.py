"""What sacctmgr prints about a change before it commits: the summaries of add, modify, delete.

Settings are given as ``(label, shown)`` pairs in the order sacctmgr prints them.
"""

from __future__ import annotations

from collections.abc import Sequence

Shown = Sequence[tuple[str, str]]


def adding_qos(names: Sequence[str], description: str, settings: Shown) -> str:
    lines = [" Adding QOS(s)", *(f"  {n}" for n in names), " Settings"]
    lines.append(f"  {'Description':<15}= {description}")
    for label, shown in settings:
        # Slurm pads every label to 25 but one, which it prints with a single blank.
        head = f"{label} " if label == "MaxJobsPerUser" else f"{label:<25}"
        lines.append(f"  {head}= {shown}")
    return _text(lines)


def adding_accounts(
    names: Sequence[str],
    description: str | None,
    organization: str | None,
    cluster: str,
    assoc_settings: Shown | None,
) -> str:
    """``assoc_settings`` None: no setting was given at all, and the block is left out."""
    lines = [" Adding Account(s)", *(f"  {n}" for n in names), " Settings"]
    lines.append(f"  {'Description':<16}= {description or 'Account Name'}")
    lines.append(f"  {'Organization':<16}= {organization or 'Parent/Account Name'}")
    lines.append(" Associations")
    lines += [f"  A = {n:<10} C = {cluster:<10}" for n in names]
    if assoc_settings is not None:
        lines.append(" Settings")
        lines += _assoc_settings(assoc_settings)
    return _text(lines)


def adding_users(
    new_users: Sequence[str],
    user_settings: Shown,
    pairs: Sequence[tuple[str, str]],
    cluster: str,
    assoc_settings: Shown,
) -> str:
    """``pairs`` are the new (user, account) associations."""
    lines = []
    if new_users:
        lines += [" Adding User(s)", *(f"  {n}" for n in new_users)]
        if user_settings:
            lines.append(" Settings =")
            lines += [f"  {label:<16}= {shown}" for label, shown in user_settings]
    lines.append(" Associations =")
    lines += [f"  U = {u:<9} A = {a:<10} C = {cluster:<10}" for u, a in pairs]
    lines.append(" Non Default Settings")
    lines += _assoc_settings(assoc_settings)
    return _text(lines)


def _assoc_settings(settings: Shown) -> list[str]:
    # Slurm pads every label to 14 but one, which it pads to 25 as a QOS's.
    return [
        f"  {label:<{25 if label == 'GrpJobsAccrue' else 14}}= {shown}" for label, shown in settings
    ]


def names_block(title: str, names: Sequence[str]) -> str:
    """`` Modified qos...`` / `` Deleting QOS(s)...`` and one indented name per line."""
    return _text([f" {title}", *(f"  {n}" for n in names)])


def user_associations(
    title: str, cluster: str, pairs: Sequence[tuple[str, str]], *, wide: bool
) -> str:
    """`` Modified user associations...`` (account column 20 wide) or `` Deleting user
    associations...`` (10 wide), one ``C = A = U =`` line per (account, user)."""
    width = 20 if wide else 10
    return _text(
        [f" {title}", *(f"  C = {cluster:<10} A = {a:<{width}} U = {u:<9}" for a, u in pairs)]
    )


def account_associations(
    cluster: str, changed: Sequence[tuple[str, str, Sequence[tuple[str, str]]]]
) -> str:
    """`` Modified account associations...``: for each (account, parent, heirs) a line,
    then one per heir, an (account, user) association that inherits the change."""
    lines = [" Modified account associations..."]
    for account, parent, heirs in changed:
        lines.append(f"  C = {cluster:<10} A = {account} of {parent}")
        lines += [f"  C = {cluster:<10} A = {a:<20} U = {u:<9}" for a, u in heirs]
    return _text(lines)


def default_account_refusal(cluster: str, pairs: Sequence[tuple[str, str]]) -> str:
    """Why an account that is some user's default cannot go; pairs are (account, user)."""
    lines = [" Error with request: You can not remove the default account of a user"]
    lines += [f"  C = {cluster:<15} A = {a:<10} U = {u:<9}" for a, u in pairs]
    lines += [
        " Please either remove the accounts listed above from list and resubmit,",
        " or change these users' default accounts to remove the account(s).",
        " Changes Discarded",
    ]
    return _text(lines)


def _text(lines: Sequence[str]) -> str:
    return "".join(f"{line}\n" for line in lines)
