"""``python -m threadkeep.cli``: the same command line as the ``threadkeep`` script."""

from threadkeep.cli import main

main()
