"""The cache of dataclass methods: the same code as exec compiles, and never in the way."""

import dataclasses
import sys
from pathlib import Path

import pytest

from slurmsim.dataclass_cache import _Cache, cache_path

SOURCE = "def __create_fn__():\n def f(x):\n  return x + 1\n return f"


def _function(cache: _Cache) -> object:
    namespace: dict[str, object] = {}
    cache.run(SOURCE, {"__name__": "slurmsim.model.example"}, namespace)
    return namespace["__create_fn__"]()  # type: ignore[operator]


def test_a_second_process_reads_what_the_first_compiled(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    path = str(tmp_path / "dir" / "code.marshal")
    first = _Cache(path)
    _function(first)
    first.write()
    second = _Cache(path)
    assert second._code == {SOURCE: compile(SOURCE, "<string>", "exec", dont_inherit=True)}
    assert _function(second)(1) == 2  # type: ignore[operator]
    assert not second._grew  # nothing new: it will not write


def test_only_the_projects_classes_are_cached(tmp_path: Path):
    cache = _Cache(str(tmp_path / "code.marshal"))
    cache.run(SOURCE, {"__name__": "tests.example"}, {})
    assert not cache._code


def test_a_damaged_file_is_ignored(tmp_path: Path):
    path = tmp_path / "code.marshal"
    path.write_bytes(b"\xff not marshal")
    assert _function(_Cache(str(path)))(41) == 42  # type: ignore[operator]


def test_an_unwritable_place_is_left_alone(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    (tmp_path / "file").write_text("")
    cache = _Cache(str(tmp_path / "file" / "code.marshal"))  # a directory that cannot exist
    _function(cache)
    cache.write()
    assert [p.name for p in tmp_path.iterdir()] == ["file"]


def test_nothing_is_written_when_bytecode_is_not(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    cache = _Cache(str(tmp_path / "code.marshal"))
    _function(cache)
    cache.write()
    assert not list(tmp_path.iterdir())


def test_the_file_is_in_the_user_cache_directory(monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert (
        cache_path() == f"/somewhere/slurmsim/dataclass-code.{sys.implementation.cache_tag}.marshal"
    )


@pytest.mark.parametrize("frozen", [False, True])
def test_classes_made_through_the_cache_behave_as_usual(frozen: bool):
    assert hasattr(dataclasses, "exec")  # importing slurmsim installed it

    @dataclasses.dataclass(frozen=frozen, slots=True)
    class Point:
        x: int
        y: int = 0

    assert Point(1) == Point(1, 0)
    assert repr(Point(1)).endswith("Point(x=1, y=0)")
    if frozen:
        assert hash(Point(1)) == hash(Point(1, 0))
