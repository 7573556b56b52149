"""Drills and grading rubrics: exercises on the simulated cluster, and their checks.

A drill is a TOML file (the shipped ones live beside this module): a cluster, a
staged background workload, a task in words, checks over the resulting state,
hints, an explanation and two solutions, one right and one wrong (see
docs/drills.md). ``files`` reads them into the typed objects of ``model``;
``checks`` holds the predicates, pure functions of an ``Observation`` of the
cluster and its event log, so that they are tested without a database.
"""
