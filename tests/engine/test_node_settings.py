"""``scontrol update NodeName=...`` beyond the state: weight, features, comment, extra, GRES
(``engine.control.update_node`` with ``NodeSettings``; golden ``nodeupdates/`` and
``gresnodes/`` check the commands against the oracle)."""

import pytest

from slurmsim.engine import control
from slurmsim.engine.simulate import advance
from slurmsim.engine.submit import submit
from slurmsim.model.errors import AppliedError, SlurmError
from slurmsim.model.node_update import GresChange, NodeSettings
from slurmsim.model.time import Instant
from tests.engine.builders import T0, cluster, job


def test_a_lighter_node_is_used_first_once_its_weight_is_set():
    s = cluster()
    control.update_node(s, ["dgx1"], "root", None, None, settings=NodeSettings(weight=100))
    control.update_node(s, ["dgx3"], "root", None, None, settings=NodeSettings(weight=0))
    a = submit(s, job("a", limit="0:10:00", gpus_per_node=8))
    b = submit(s, job("b", limit="0:10:00", gpus_per_node=8))
    advance(s, Instant(T0 + 5))
    assert (a.nodes, b.nodes) == (("dgx3",), ("dgx2",))  # dgx1 now weighs most


def test_available_features_given_alone_become_the_active_ones_for_every_node_after():
    s = cluster()
    control.update_node(
        s,
        ["dgx3"],
        "root",
        None,
        None,
        settings=NodeSettings(features="ib,nvlink", active_features="ib"),
    )
    # dgx3's active "ib" is among "ib", so the request now carries "ib" as active for dgx4 too.
    control.update_node(
        s, ["dgx3", "dgx4"], "root", None, None, settings=NodeSettings(features="ib")
    )
    assert [s.nodes[n].active_features for n in ("dgx3", "dgx4")] == [("ib",), ("ib",)]


def test_active_features_not_available_are_refused_for_that_node_and_those_after():
    s = cluster()
    control.update_node(s, ["dgx2"], "root", None, None, settings=NodeSettings(features="ib"))
    with pytest.raises(AppliedError, match="Active features not subset of available features"):
        control.update_node(
            s,
            ["dgx2", "dgx3"],
            "root",
            "DRAIN",
            "maint",
            settings=NodeSettings(features="gpu", comment="seen", weight=7),
        )
    dgx2, dgx3 = s.nodes["dgx2"], s.nodes["dgx3"]
    assert (dgx2.config.features, dgx3.config.features) == (("ib",), ())
    assert (dgx2.drain, dgx3.drain) == (True, True)  # the rest of the update stands
    assert (dgx2.comment, dgx3.comment) == ("seen", "seen")
    assert dgx2.config.weight == dgx3.config.weight == 1  # a refusal keeps the weight


def test_an_empty_text_clears_a_comment_and_leaves_active_features_shown_empty():
    s = cluster()
    node = s.nodes["dgx1"]
    control.update_node(
        s, ["dgx1"], "root", None, None, settings=NodeSettings(comment="a b", extra="x")
    )
    assert (node.comment, node.extra_text) == ("a b", "x")
    control.update_node(
        s, ["dgx1"], "root", None, None, settings=NodeSettings(comment="", active_features="")
    )
    assert (node.comment, node.extra_text, node.active_features_text) == (None, "x", "")


def test_only_an_administrator_changes_a_node_and_a_refusal_changes_nothing():
    s = cluster()
    with pytest.raises(SlurmError, match="Invalid user id"):
        control.update_node(s, ["dgx1"], "alice", None, None, settings=NodeSettings(weight=3))
    assert s.nodes["dgx1"].config.weight == 1


def test_a_node_marked_not_responding_takes_no_new_job_until_it_answers():
    """State=NoResp clears the node from those new jobs may use until the controller's
    next ping (every SlurmdTimeout/3, 100 s, from the epoch), answered at once."""
    s = cluster()
    control.update_node(s, ["dgx1"], "root", "NORESP", None)
    a = submit(s, job("a", limit="0:10:00", gpus_per_node=8))
    advance(s, Instant(T0 + 10))
    assert a.nodes == ("dgx2",)
    pinned = submit(s, job("pinned", limit="0:10:00", gpus_per_node=8, req_nodes=("dgx1",)))
    advance(s, Instant(T0 + 99))
    assert (pinned.state.name, pinned.reason) == (
        "PENDING",
        "ReqNodeNotAvail, UnavailableNodes:dgx1",
    )
    advance(s, Instant(T0 + 100 + s.config.scheduler_parameters.bf_interval + 1))
    assert pinned.state.name == "RUNNING"
    assert (pinned.start_time or 0) >= T0 + 100


def _gres(text: str, gpus: int | None) -> NodeSettings:
    return NodeSettings(gres=GresChange(text, gpus))


def test_the_gpu_count_a_node_has_changes_nothing_and_another_is_refused():
    s = cluster()
    node = s.nodes["dgx1"]
    control.update_node(s, ["dgx1"], "root", None, None, settings=_gres("gpu:a100:8", 8))
    assert (node.gres_text, node.config.gres_count()) == ("gpu:h100:8", 8)
    with pytest.raises(AppliedError, match=r"Invalid generic resource \(gres\) specification"):
        control.update_node(
            s, ["dgx1"], "root", "DRAIN", "maint", settings=NodeSettings(
                gres=GresChange("gpu:4", 4), comment="hi", weight=5
            )
        )  # fmt: skip
    assert (node.config.gres_count(), node.drain, node.comment) == (8, True, "hi")
    assert node.config.weight == 1  # the weight comes after the GRES, and only if taken


def test_no_gpu_takes_a_nodes_gpus_away_and_its_jobs_run_on():
    s = cluster()
    running = submit(s, job("a", limit="0:10:00", gpus_per_node=2, req_nodes=("dgx1",)))
    advance(s, Instant(T0 + 5))
    control.update_node(s, ["dgx1", "dgx2"], "root", None, None, settings=_gres("mps:1", 0))
    dgx1 = s.nodes["dgx1"]
    assert (dgx1.gres_text, dgx1.config.gres_count(), dgx1.configured_count()) == ("mps:1", 0, 8)
    assert running.state.name == "RUNNING"
    waiting = submit(s, job("b", limit="0:10:00", gpus_per_node=1))
    advance(s, Instant(T0 + 10))
    assert waiting.nodes == ("dgx3",)  # dgx1 and dgx2 have no GPU to give
    with pytest.raises(AppliedError):  # gone for good: only slurm.conf brings them back
        control.update_node(s, ["dgx1"], "root", None, None, settings=_gres("gpu:h100:8", 8))
    control.update_node(s, ["dgx1"], "root", None, None, settings=_gres("", 0))
    assert (dgx1.gres_text, dgx1.configured_count()) == ("(null)", 8)
