"""A person's durable facts: the sealed, versioned store, extraction (patterns and model),
ranking against a new message, merging between people and restoring from an export."""
