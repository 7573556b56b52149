"""The privilege policy every command asks (slurmsim/engine/permissions.py)."""

from dataclasses import replace

import pytest

from slurmsim.engine import permissions
from slurmsim.model.accounts import AdminLevel, User
from tests.engine.builders import cluster


def _state(**levels: AdminLevel):
    state = cluster()
    for name, level in levels.items():
        user = state.users.get(name) or User(name, 2000, 2000, "research")
        state.users[name] = replace(user, admin_level=level)
    state.config = replace(state.config, raw=(("SlurmUser", "slurm"),))
    return state


@pytest.mark.parametrize(
    ("user", "levels", "want"),
    [
        pytest.param("alice", {}, AdminLevel.NONE, id="a user without an AdminLevel is None"),
        pytest.param("root", {}, AdminLevel.ADMINISTRATOR, id="root is an administrator"),
        pytest.param("slurm", {}, AdminLevel.ADMINISTRATOR, id="SlurmUser is an administrator"),
        pytest.param("nobody", {}, AdminLevel.NONE, id="an unknown user is None"),
        pytest.param(
            "alice", {"alice": AdminLevel.OPERATOR}, AdminLevel.OPERATOR, id="sacctmgr's level"
        ),
    ],
)
def test_admin_level_of_user(user: str, levels: dict[str, AdminLevel], want: AdminLevel) -> None:
    assert permissions.admin_level(_state(**levels), user) is want


@pytest.mark.parametrize(
    ("level", "operator", "administrator", "qos", "account"),
    [
        pytest.param(AdminLevel.NONE, False, False, False, False, id="a user may change neither"),
        pytest.param(
            AdminLevel.OPERATOR, True, False, False, True, id="an operator: accounts, not QOS"
        ),
        pytest.param(AdminLevel.ADMINISTRATOR, True, True, True, True, id="an administrator: all"),
    ],
)
def test_what_each_level_may_do(
    level: AdminLevel, operator: bool, administrator: bool, qos: bool, account: bool
) -> None:
    state = _state(alice=level)
    assert permissions.is_operator(state, "alice") is operator
    assert permissions.is_administrator(state, "alice") is administrator
    assert permissions.may_change_accounting(state, "alice", "qos") is qos
    assert permissions.may_change_accounting(state, "alice", "account") is account
    assert permissions.may_change_accounting(state, "alice", "user") is account
