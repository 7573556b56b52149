"""Row codecs: any model value survives encode -> decode; JSON text is canonical."""

import dataclasses
import marshal
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from slurmsim.model.accounts import Qos
from slurmsim.model.jobs import JobRequest
from slurmsim.model.nodes import NodeConfig
from slurmsim.model.tres import Gres
from slurmsim.store.codec import Kind, dumps
from slurmsim.store.tables import JOB_REQUEST, NODE_CONFIG, QOS

# No NaN: it is not equal to itself, so no round trip could compare equal.
qos = st.builds(Qos, usage_factor=st.floats(allow_nan=False))


@given(st.from_type(JobRequest))
def test_job_request_survives_a_round_trip_when_any_field_is_set(request: JobRequest):
    assert JOB_REQUEST.decode(JOB_REQUEST.encode(request)) == request


@given(st.from_type(NodeConfig))
def test_node_config_survives_a_round_trip_without_its_gres(config: NodeConfig):
    row = NODE_CONFIG.encode(config)
    assert NODE_CONFIG.decode(row, gres=config.gres) == config


@given(qos)
def test_qos_survives_a_round_trip_with_limits_and_flags(value: Qos):
    assert QOS.decode(QOS.encode(value)) == value


def test_columns_follow_field_order_and_kind_when_encoded():
    kinds = {c.name: c.kind for c in QOS.columns}
    assert [c.name for c in QOS.columns][:3] == ["name", "id", "priority"]
    assert kinds["preempt_mode"] == Kind.TEXT, "an enum, by value"
    assert kinds["usage_factor"] == Kind.FLOAT
    assert kinds["flags"] == Kind.JSON
    assert len(QOS.columns) == len(dataclasses.fields(Qos))


def test_packed_fields_share_one_column_after_the_kept_ones_when_encoded():
    assert [(c.name, c.kind) for c in JOB_REQUEST.columns] == [
        ("user", Kind.TEXT),
        ("request", Kind.PACKED),
    ]
    request = JobRequest("a", "alice", "research", "gpu", "normal", ntasks_set=True, time_min=60)
    user, packed = JOB_REQUEST.encode(request)
    values = marshal.loads(packed)
    assert user == "alice"
    assert len(values) == len(dataclasses.fields(JobRequest)) - 1
    assert values[:3] == ("a", "research", "gpu"), "field order, without the kept user"
    assert values[7:9] == (True, None), "ntasks_set and ntasks_per_node as stored in columns"
    assert JOB_REQUEST.encode(replace(request, name="".join(["", "a"]))) == (user, packed), (
        "equal values, equal bytes: save() compares them"
    )


def test_json_text_is_canonical_when_dicts_differ_in_order():
    assert dumps({"b": 1, "a": (Gres("gpu", None, 2),)}) == (
        '{"a":[{"count":2,"name":"gpu","type":null}],"b":1}'
    )
    assert dumps({"a": 1, "b": 2}) == dumps({"b": 2, "a": 1})
