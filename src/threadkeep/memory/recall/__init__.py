"""Recall of a person's earlier messages: chunking, stored vectors, the per-person index and
its sync with storage, ranking, the relevance floor and recall notes."""
