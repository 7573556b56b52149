"""Persistence of a ``ClusterState``: a SQLite file by default, any SQLAlchemy URL otherwise.

Import ``Store`` from ``slurmsim.store.repository``; this package imports nothing, so that a
command pays only for the modules it uses (SQLAlchemy is loaded only to create a schema or to
reach a database other than a SQLite file).
"""
