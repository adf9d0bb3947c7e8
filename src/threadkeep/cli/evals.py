"""``threadkeep eval five-questions|locomo``: the evaluations of what the memory keeps.

They load ``evals/`` from the checkout the command runs from (data files are given by path).
:func:`register` adds this group to the ``threadkeep`` group (:mod:`threadkeep.cli.main`).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from threadkeep.cli.common import checkout_module

__all__ = ["eval_group", "register"]


def _say(line: str) -> None:
    """Progress, on stderr: an evaluation runs for minutes, and stdout is its result (--json)."""
    click.echo(line, err=True)


# Both evaluations assemble the request at the same budget, with the same bounds.
_budget_option = click.option(
    "--budget",
    default=2000,
    show_default=True,
    type=click.IntRange(200, 1_000_000),
    help="Token budget of the assembled request.",
)


@click.group("eval")
def eval_group() -> None:
    """Evaluations of what the memory keeps (data files are given by path)."""


@eval_group.command("five-questions")
@click.option(
    "--data",
    "data",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    required=True,
    help="A five-questions dialogs file (JSON list of dialogs).",
)
@_budget_option
@click.option(
    "--baseline",
    type=click.Choice(["brief"]),
    default=None,
    help="Use a free 'summarise briefly' summary instead of the structured one.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option(
    "--dump",
    "dump",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    help="Write one JSON line per question (id, q, summary, request as sent).",
)
def eval_five_questions(data: Path, budget: int, baseline: str | None, as_json: bool, dump: Path | None) -> None:
    """Share of questions answered from the summary alone and from the assembled request."""
    five = checkout_module("five_questions", command="eval five-questions")
    _say(f"eval five-questions: {data} (progress on stderr; the result follows on stdout)")
    result = five.run_five_questions(data, budget=budget, baseline=baseline, dump=dump, progress=_say)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return

    def line(row: dict[str, float]) -> str:
        return "  ".join(
            f"{m} {row[m]:.3f}" for m in ("summary_only", "assembled", "stale_only", "stale_kept", "stale_beside")
        )

    click.echo(line(result))
    for group in ("by_kind", "by_language"):
        for name, row in sorted(result[group].items()):
            click.echo(f"  {name:<10} {line(row)}")


@eval_group.command("locomo")
@click.option(
    "--data",
    "data",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    required=True,
    help="A LoCoMo file (JSON list of conversations with questions and evidence).",
)
@_budget_option
@click.option("--limit", default=None, type=click.IntRange(1, 1000), help="Only the first N conversations.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option(
    "--dump",
    "dump",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    help="Write one JSON line per question (sample_id, question, category, request as sent).",
)
@click.option(
    "--captions",
    is_flag=True,
    help="Append a shared photo's caption (blip_caption) to its turn, as LoCoMo's own evaluation shows it.",
)
def eval_locomo(data: Path, budget: int, limit: int | None, as_json: bool, dump: Path | None, captions: bool) -> None:
    """Answer in context: the share of questions whose answer is in the request the engine builds."""
    locomo = checkout_module("locomo", command="eval locomo")
    _say(f"eval locomo: {data} (loading the embedder, then each conversation; the result follows on stdout)")
    result = locomo.run_locomo(data, budget=budget, limit=limit, dump=dump, captions=captions, progress=_say)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return
    rows = [("threadkeep", result), *((k, v) for k, v in result["baselines"].items())]
    click.echo(
        f"budget {result['budget']} tokens, {result['questions']} questions "
        f"({result['evidence_questions']} with evidence)"
    )
    click.echo(f"{'':20}{'answer_in_context':>18}{'evidence_recall':>17}{'strict':>8}  by category (AIC / strict)")
    for name, row in rows:
        ev = f"{row['evidence_recall']:.3f}" if "evidence_recall" in row else "-"
        strict = f"{row['strict_answer_in_context']:.3f}" if "strict_answer_in_context" in row else "-"
        cats = "  ".join(
            f"{c} {r['answer_in_context']:.3f}"
            + (f" / {r['strict_answer_in_context']:.3f}" if "strict_answer_in_context" in r else "")
            for c, r in sorted(row["by_category"].items())
        )
        click.echo(f"{name:20}{row['answer_in_context']:>18.3f}{ev:>17}{strict:>8}  {cats}")


def register(main: click.Group) -> None:
    main.add_command(eval_group)
