"""Importing history from other tools' exports (ChatGPT, Claude, Telegram) and archives.

:mod:`.model` is what readers yield, :mod:`.store` the one writer, :mod:`.jobs` the
background work an import leaves, and one reader module per format. See docs/IMPORT.md.
"""
