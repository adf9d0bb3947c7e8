"""Building the request of one turn: segments, budget, canonical bytes."""
