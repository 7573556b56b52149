"""``sacct``: not emulated yet; answers so, with exit status 1."""

from cli._common import not_supported


def main() -> None:
    not_supported("sacct")
