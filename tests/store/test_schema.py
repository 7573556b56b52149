"""The schema, the layout the repository writes to, and where the store lives."""

import sqlite3
from pathlib import Path

import pytest

from slurmsim.store import meta, schema, tables
from slurmsim.store.connection import _adapt
from slurmsim.store.errors import StoreError
from slurmsim.store.location import default_url
from slurmsim.store.repository import Store
from tests.store.builders import full_state


def test_schema_creates_exactly_the_layout_columns_when_run_on_sqlite(tmp_path: Path):
    from sqlalchemy.dialects import sqlite

    raw = sqlite3.connect(tmp_path / "x.db")
    for sql in schema.create_statements(sqlite.dialect()):
        raw.execute(sql)
    for layout in tables.ALL_TABLES:
        info = raw.execute(f"PRAGMA table_info({layout.name})").fetchall()
        assert [row[1] for row in info] == list(layout.names)
        assert [row[1] for row in info if row[5]] == list(layout.key), "primary key"
        assert {row[1]: not row[3] for row in info} == {c.name: c.nullable for c in layout.columns}


@pytest.mark.parametrize("layout", tables.ALL_TABLES, ids=lambda t: t.name)
def test_layout_column_names_are_unique_when_classes_share_a_table(layout: tables.TableLayout):
    assert len(set(layout.names)) == len(layout.names)


def test_jobs_table_has_the_indexes_commands_filter_on():
    jobs = schema.metadata.tables["jobs"]
    assert sorted(next(iter(i.columns)).name for i in jobs.indexes) == ["purged", "state", "user"]


@pytest.mark.parametrize(
    ("paramstyle", "want"),
    [
        pytest.param("qmark", "UPDATE t SET a = ? WHERE b = ?", id="qmark as written"),
        pytest.param("format", "UPDATE t SET a = %s WHERE b = %s", id="format (pg8000, mysql)"),
        pytest.param("pyformat", "UPDATE t SET a = %s WHERE b = %s", id="pyformat (psycopg)"),
        pytest.param("numeric", "UPDATE t SET a = :1 WHERE b = :2", id="numeric"),
    ],
)
def test_placeholders_follow_the_driver_paramstyle(paramstyle: str, want: str):
    assert _adapt("UPDATE t SET a = ? WHERE b = ?", paramstyle) == want


def test_unsupported_paramstyle_is_a_store_error():
    with pytest.raises(StoreError, match="paramstyle named"):
        _adapt("SELECT ?", "named")


def test_a_store_with_other_columns_is_refused_when_the_version_matches(tmp_path: Path):
    db = tmp_path / "x.db"
    Store.open(str(db)).initialize(full_state())
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE meta SET value = 'older' WHERE key = ?", (meta.SCHEMA_LAYOUT,))
    with pytest.raises(StoreError, match="written by another build of slurmsim"):
        Store.open(str(db)).is_initialized()


@pytest.mark.parametrize(
    ("env", "want"),
    [
        pytest.param({"SLURMSIM_DB": "/tmp/x.db"}, "/tmp/x.db", id="SLURMSIM_DB as a path"),
        pytest.param(
            {"SLURMSIM_DB": "postgresql://u@h/db"}, "postgresql://u@h/db", id="SLURMSIM_DB as a URL"
        ),
        pytest.param(
            {"XDG_DATA_HOME": "{tmp}/data"},
            "{tmp}/data/slurmsim/slurmsim.db",
            id="the XDG data dir",
        ),
        pytest.param(
            {"XDG_DATA_HOME": "relative"},
            "{tmp}/home/.local/share/slurmsim/slurmsim.db",
            id="a relative XDG_DATA_HOME is ignored",
        ),
        pytest.param({}, "{tmp}/home/.local/share/slurmsim/slurmsim.db", id="~/.local/share"),
    ],
)
def test_default_url_follows_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, env: dict[str, str], want: str
):
    for name in ("SLURMSIM_DB", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for name, value in env.items():
        monkeypatch.setenv(name, value.format(tmp=tmp_path))
    got = default_url()
    assert got == want.format(tmp=tmp_path)
    if "SLURMSIM_DB" not in env:
        assert Path(got).parent.is_dir(), "the data dir is created on demand"
