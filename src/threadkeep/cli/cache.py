"""``threadkeep cache-report`` and ``threadkeep bench cache``, attached by :func:`register`."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import click

from threadkeep.cli.common import checkout_module, db_option
from threadkeep.config import Settings
from threadkeep.llm.pricing import ANTHROPIC_PRICING, Pricing

__all__ = ["cache_report", "bench_cache", "register"]


def _since(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError as e:
        raise click.BadParameter(f"{value!r} is not a date; use e.g. 2026-11-01 or 2026-11-01T09:00") from e
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when


@click.command("cache-report")
@db_option
@click.option("--since", default=None, help="Only calls from this date (ISO, UTC if no zone).")
@click.option(
    "--png",
    "png",
    default=None,
    type=click.Path(dir_okay=False),
    help="Also draw a chart into this PNG file (needs matplotlib).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option(
    "--input-price", default=ANTHROPIC_PRICING.input_per_mtok, show_default=True, help="USD per million input tokens."
)
@click.option(
    "--output-price",
    default=ANTHROPIC_PRICING.output_per_mtok,
    show_default=True,
    help="USD per million output tokens.",
)
@click.option(
    "--write-5m",
    default=ANTHROPIC_PRICING.write_5m_multiplier,
    show_default=True,
    help="5-minute cache write price as a multiple of input.",
)
@click.option(
    "--write-1h",
    default=ANTHROPIC_PRICING.write_1h_multiplier,
    show_default=True,
    help="1-hour cache write price as a multiple of input.",
)
@click.option(
    "--read",
    "read_mult",
    default=ANTHROPIC_PRICING.read_multiplier,
    show_default=True,
    help="Cache read price as a multiple of input.",
)
@click.option(
    "--resume-after",
    default=300.0,
    show_default=True,
    help="Seconds of pause after which a turn counts as a resumption.",
)
def cache_report(
    db_url: str | None,
    since: str | None,
    png: str | None,
    as_json: bool,
    input_price: float,
    output_price: float,
    write_5m: float,
    write_1h: float,
    read_mult: float,
    resume_after: float,
) -> None:
    """What the prompt cache did: resumptions, rewrites (and those under the TTL), cost."""
    from threadkeep.cache.report import render_table, write_png  # lazy: CLI start-up (256 ms)
    from threadkeep.engine.admin import cache_report_at  # lazy: CLI start-up (484 ms)

    prices = Pricing(input_price, output_price, write_5m, write_1h, read_mult)
    settings = Settings()
    report = cache_report_at(
        db_url or settings.database_url(),
        since=_since(since),
        prices=prices,
        resume_after_s=resume_after,
        create_folder=not (db_url or settings.db),
    )
    if png:
        try:
            write_png(report, png)
        except ImportError as e:
            raise click.ClickException(str(e)) from e
        except OSError as e:
            raise click.ClickException(f"cannot write the chart to {png}: {e.strerror or e}") from e
    if as_json:
        click.echo(json.dumps(report.to_dict(), indent=2, sort_keys=True))
    else:
        click.echo(render_table(report))
        if png:
            click.echo(f"\nchart: {png}")


@click.command("cache")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option(
    "--sessions",
    default=None,
    type=click.IntRange(1, 10_000),
    help="Number of synthetic sessions (default: the recorded workload's).",
)
@click.option("--seed", default=None, type=int, help="Random seed of the workload.")
@click.option(
    "--adapters",
    is_flag=True,
    help="Drive each real adapter (Anthropic, OpenAI) against the simulator over HTTP instead "
    "(default workload: 6 sessions of 40 turns).",
)
@click.option(
    "--turns",
    default=None,
    type=click.IntRange(2, 1_000),
    help="Turns per session (default: the workload's 16-40; 40 with --adapters).",
)
def bench_cache(as_json: bool, sessions: int | None, seed: int | None, adapters: bool, turns: int | None) -> None:
    """Replay a synthetic workload through the engine and the cache simulator: threadkeep vs naive vs warm."""
    bench = checkout_module("cache_bench", command="bench cache")
    workload = checkout_module("cache_workload", command="bench cache")
    BenchConfig, render_adapters, render_results = (
        workload.BenchConfig,
        workload.render_adapters,
        workload.render_results,
    )

    cfg = BenchConfig()
    if adapters:
        cfg = cfg.with_(sessions=6, min_turns=40, max_turns=40)
    if sessions is not None:
        cfg = cfg.with_(sessions=sessions)
    if seed is not None:
        cfg = cfg.with_(seed=seed)
    if turns is not None:
        cfg = cfg.with_(min_turns=turns, max_turns=turns)
    results = bench.run_adapters(cfg) if adapters else bench.run_bench(cfg)
    if as_json:
        click.echo(json.dumps(results, indent=2, sort_keys=True))
    else:
        click.echo(render_adapters(results) if adapters else render_results(results))


def register(main_group: click.Group) -> None:
    """Add ``cache-report`` to ``main_group`` and ``cache`` to its ``bench`` group (made if absent)."""
    main_group.add_command(cache_report)
    bench = main_group.commands.get("bench")
    if not isinstance(bench, click.Group):
        bench = click.Group("bench", help="Benchmarks that run offline.")
        main_group.add_command(bench)
    bench.add_command(bench_cache)
