"""The simulation engine: pure and deterministic, no I/O, no wall clock.

Given a ``ClusterState`` it plays events forward (``simulate.advance``), accepts
submissions (``submit``), applies user and operator actions (``control``) and
computes priorities (``priority``, ``fairshare``). It imports only
``slurmsim.model`` and the standard library.
"""
