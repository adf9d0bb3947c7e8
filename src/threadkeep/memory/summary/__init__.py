"""The structured rolling summary: its items and operations, folding, the extractive and model
summarisers, pasted-document pointers, per-turn compaction blocks and the brief baseline."""
