"""Chat models: one interface, one module per provider."""
