"""Building a ``ClusterState`` from a slurm.conf (plus an accounts TOML) or a named preset.

``presets`` is the entry point (``load_preset``, ``load_conf_file``); ``build`` maps the
slurm.conf options, ``accounts`` reads the accounts/users/QOS file. Only ``slurmsim init``
(and a first run) needs this package, so it may import Lark and tomllib freely.
"""
