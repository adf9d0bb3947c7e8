"""Alembic migrations of the one schema; ``env.py`` is the environment, ``versions/`` the chain."""
