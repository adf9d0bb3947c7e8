"""One person across channels: linked identities and merging two people into one."""
