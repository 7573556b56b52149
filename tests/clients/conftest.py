"""Fixtures for the client-library tests: the command tests' fresh default cluster."""

from tests.cli.conftest import cluster

__all__ = ["cluster"]
