"""Knowledge-base tables (placeholder until the knowledge module lands)."""
