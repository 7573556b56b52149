"""The clients' GPU count test (api.gpu_counts.settle): what it fills in, and that any
combination is either settled to agree or refused with the controller's line."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slurmsim.api.gpu_counts import Counts, settle
from slurmsim.model.errors import InvalidGres

NONE = Counts(None, None, None, None, None, None)


def test_tasks_nodes_and_cpus_are_filled_in_from_the_gpus():
    assert settle(NONE, per_job=4, per_node=None, per_task=2, per_socket=None, cpus_per_gpu=3) == (
        Counts(2, None, None, None, None, 6)
    )
    nodes = settle(NONE, per_job=4, per_node=2, per_task=None, per_socket=None, cpus_per_gpu=None)
    assert nodes.nodes == (2, 2)
    capped = settle(
        NONE._replace(nodes=(1, 8)),
        per_job=4,
        per_node=None,
        per_task=None,
        per_socket=None,
        cpus_per_gpu=None,
    )
    assert capped.nodes == (1, 4)


def test_a_task_count_given_keeps_the_cpus_the_client_counted():
    settled = settle(
        NONE._replace(ntasks=2),
        per_job=None,
        per_node=None,
        per_task=1,
        per_socket=None,
        cpus_per_gpu=3,
    )
    assert (settled.ntasks, settled.cpus_per_task, settled.client_cpus) == (2, 3, 2)


@pytest.mark.parametrize(
    ("counts", "gpus", "line"),
    [
        (
            NONE,
            (1, 2, None, None),
            "Failed to ensure --gpus >= --gres=gpu/--gpus-per-node >= --gpus-per-socket",
        ),
        (NONE, (None, 1, 2, None), "Failed to ensure --gpus >= --gpus-per-task"),
        (
            NONE._replace(nodes=(2, None)),
            (1, None, None, None),
            "Failed to validate job spec, --gpus < -N",
        ),
    ],
)
def test_a_disagreement_is_refused_with_its_line(
    counts: Counts, gpus: tuple[int | None, ...], line: str
):
    per_job, per_node, per_task, per_socket = gpus
    with pytest.raises(InvalidGres) as refused:
        settle(
            counts,
            per_job=per_job,
            per_node=per_node,
            per_task=per_task,
            per_socket=per_socket,
            cpus_per_gpu=None,
        )
    assert refused.value.detail == line


_count = st.one_of(st.none(), st.integers(1, 9))


@given(
    st.tuples(_count, _count, _count, _count),
    _count,
    st.one_of(st.none(), st.tuples(st.integers(1, 4), st.one_of(st.none(), st.integers(1, 8)))),
)
def test_settled_counts_agree(
    gpus: tuple[int | None, ...], ntasks: int | None, nodes: tuple[int, int | None] | None
):
    per_job, per_node, per_task, per_socket = gpus
    counts = NONE._replace(ntasks=ntasks, nodes=nodes, sockets_per_node=2 if per_socket else None)
    try:
        settled = settle(
            counts,
            per_job=per_job,
            per_node=per_node,
            per_task=per_task,
            per_socket=per_socket,
            cpus_per_gpu=None,
        )
    except InvalidGres as e:
        assert e.detail  # noqa: PT017 (refused: with its line)
        return
    if per_job and per_task and settled.ntasks is not None:
        assert settled.ntasks * per_task == per_job
    if per_job and per_node and settled.nodes is not None:
        assert settled.nodes[0] * per_node == per_job
    if per_node and per_task:
        assert settled.ntasks_per_node is not None
        assert settled.ntasks_per_node * per_task == per_node
