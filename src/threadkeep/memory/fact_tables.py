"""Facts and profile tables (placeholder until the facts module lands)."""
