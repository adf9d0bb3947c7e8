"""The ``threadkeep`` command line: :data:`main` is the command group (``[project.scripts]``).

``main.py`` holds the group and the commands of the library's own objects; ``chat``,
``service``, ``cache``, ``mcp`` and ``imports`` attach theirs to it with ``register``.
"""

from threadkeep.cli.main import main

__all__ = ["main"]
