"""threadkeep: where the conversation lives between turns."""

__version__ = "0.1.0"
