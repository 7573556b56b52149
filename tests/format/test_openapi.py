"""The --json/--yaml envelope and json-c's and libyaml's printing."""

import json

import pytest

from slurmsim.format import openapi


def test_envelope_names_the_plugin_and_release_before_the_records() -> None:
    document = openapi.envelope("jobs", [{"job_id": 1}])
    assert list(document) == ["meta", "errors", "jobs"]
    assert document["meta"] == {
        "plugin": {"type": "openapi/v0.0.38", "name": "Slurm OpenAPI v0.0.38"},
        "Slurm": {"version": {"major": 22, "micro": 8, "minor": 5}, "release": "22.05.8"},
    }


def test_sacct_dumps_under_the_database_plugin() -> None:
    """As the oracle's ``sacct --json`` names it."""
    document = openapi.envelope("jobs", [], plugin=openapi.SLURMDBD)
    assert document["meta"]["plugin"] == {  # type: ignore[index]  # a nested dict
        "type": "openapi/dbv0.0.38",
        "name": "Slurm OpenAPI DB v0.0.38",
    }


@pytest.mark.parametrize(
    ("document", "want"),
    [
        pytest.param({"a": []}, '{\n  "a": [\n  ]\n}', id="an empty list takes two lines"),
        pytest.param({"a": {}}, '{\n  "a": {\n  }\n}', id="so does an empty object"),
        pytest.param({"a": "/tmp/x"}, '{\n  "a": "\\/tmp\\/x"\n}', id="a slash is escaped"),
        pytest.param({"a": None, "b": True}, '{\n  "a": null,\n  "b": true\n}', id="null, bool"),
        pytest.param({"a": openapi.double(112)}, '{\n  "a": 112.0\n}', id="whole double: .0"),
        pytest.param({"a": 0.1}, '{\n  "a": 0.10000000000000001\n}', id="a double: %.17g"),
        pytest.param({"a": "x[]"}, '{\n  "a": "x[]"\n}', id="brackets in a string stay"),
        pytest.param({"a": "é"}, '{\n  "a": "é"\n}', id="non-ASCII text is kept as UTF-8"),
    ],
)
def test_json_prints_as_json_c_does(document: dict[str, openapi.Value], want: str) -> None:
    assert openapi.to_json(document) == want


def test_json_round_trips_through_a_reader() -> None:
    document = openapi.envelope("nodes", [{"name": "dgx1", "state_flags": [], "x": 1.5}])
    assert json.loads(openapi.to_json(document)) == document


@pytest.mark.parametrize(
    ("value", "want"),
    [
        pytest.param("", "!!null null", id="an empty string is null"),
        pytest.param(None, "!!null null", id="null"),
        pytest.param(7, "!!int 7", id="an integer"),
        pytest.param(0.0, "!!float 0.000000", id="a double prints with %f"),
        pytest.param(False, "!!bool false", id="a boolean"),
        pytest.param("gpu:h100:8", "!!str gpu:h100:8", id="a plain string"),
        pytest.param("Linux 6.1 #1 SMP", "!!str 'Linux 6.1 #1 SMP'", id="' #' needs quotes"),
        pytest.param("-x", "!!str '-x'", id="a leading indicator needs quotes"),
        pytest.param("it's: x", "!!str 'it''s: x'", id="a quote inside is doubled"),
    ],
)
def test_yaml_scalars_print_as_libyaml_does(value: openapi.Value, want: str) -> None:
    assert openapi.to_yaml({"k": value}).splitlines()[2] == f"!!str k: {want}"


def test_yaml_nests_maps_and_lists_as_slurm_prints_them() -> None:
    document = {"errors": [], "nodes": [{"name": "dgx1", "partitions": ["gpu"], "m": {"a": 1}}]}
    assert openapi.to_yaml(document) == (
        "%YAML 1.1\n"
        "--- !!map\n"
        "!!str errors: !!seq []\n"
        "!!str nodes: !!seq\n"
        "- !!map\n"
        "  !!str name: !!str dgx1\n"
        "  !!str partitions: !!seq\n"
        "  - !!str gpu\n"
        "  !!str m: !!map\n"
        "    !!str a: !!int 1\n"
        "...\n"
    )
