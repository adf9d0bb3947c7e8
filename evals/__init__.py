"""Evaluations of the memory: run from the CLI or from tests, never from request paths."""

from evals.five_questions import run_five_questions

__all__ = ["run_five_questions"]
