"""``threadkeep import …``: bring history in from other tools' exports or a threadkeep archive.

The lead's ``cli.py`` owns the command group; :func:`register` adds this group to it. Each
format adds its own subcommand to :data:`import_group`.
"""

from __future__ import annotations

import click

__all__ = ["import_group", "register"]


@click.group("import")
def import_group() -> None:
    """Import conversations from an export file (ChatGPT, Claude, Telegram, threadkeep)."""


def register(main: click.Group) -> None:
    main.add_command(import_group)
