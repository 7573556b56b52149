"""The cores cons_tres hands a job on one node (``format.cores.pick``)."""

from slurmsim.format.cores import pick


def two_sockets(busy: frozenset[int] = frozenset()) -> list[list[int]]:
    return [[c for c in range(s * 56, (s + 1) * 56) if c not in busy] for s in range(2)]


def test_one_cpu_tasks_take_a_core_from_each_socket_in_turn() -> None:
    assert pick(two_sockets(), 2, 1, None) == [0, 56]
    assert pick(two_sockets(), 3, 1, None) == [0, 1, 56]


def test_multi_cpu_tasks_stay_whole_on_the_first_socket_with_room() -> None:
    assert pick(two_sockets(), 8, 8, None) == list(range(8))
    assert pick(two_sockets(), 8, 2, None) == list(range(8))


def test_a_task_larger_than_a_socket_spreads_over_both() -> None:
    assert pick(two_sockets(), 57, 57, None) == list(range(29)) + list(range(56, 84))


def test_busy_cores_are_skipped() -> None:
    assert pick(two_sockets(frozenset({0, 1, 56})), 2, 1, None) == [2, 57]


def test_ntasks_per_socket_leaves_out_a_socket_the_others_can_hold() -> None:
    # The oracle: -n 2 --ntasks-per-socket=2 is 56-57, --ntasks-per-socket=1 is 0,56.
    assert pick(two_sockets(), 2, 1, 2) == [56, 57]
    assert pick(two_sockets(), 2, 1, 1) == [0, 56]
    assert pick(two_sockets(), 4, 1, 3) == [0, 1, 56, 57]


def test_short_of_cores_the_count_is_still_shown() -> None:
    assert pick([[0], [1]], 3, 1, None) == [0, 1, 2]
