"""The revisions, one file each, numbered in chain order."""
