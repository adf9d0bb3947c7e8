"""What the engine remembers of a person, by concept: the rolling summary (``summary/``), their
facts (``facts/``), recall of their earlier messages (``recall/``), linked identities and
person merges (``people/``), the profile and date resolution."""
