"""The five-questions eval's summary make-up keys (evals/five_questions_summary.py), and the
summary's fields in their contract order."""

from __future__ import annotations

from evals.five_questions_summary import (
    closest_message,
    field_lines,
    summary_counts,
    summary_shares,
)
from threadkeep.memory.summary.items import FIELDS, AddItem, SummaryState, render_summary
from threadkeep.memory.summary.merge import apply_ops


def test_summary_counts_from_tags() -> None:
    messages = [
        {"role": "user", "text": "Mirabel finished a 5-hour hike near Seville on Sunday.", "tag": "small_talk"},
        {
            "role": "user",
            "text": "Do we still need a load test before the Lark launch?",
            "tag": "open_question",
            "key": "load test",
        },
        {
            "role": "user",
            "text": "I'll draft the Lark release notes by Friday.",
            "tag": "next_step",
            "key": "release notes",
        },
        {"role": "user", "text": "Rosalind owns the product backlog for Lark."},
    ]
    summary = (
        "## Participants and roles\n- Rosalind owns the product backlog for Lark.\n"
        "## Open questions\n- Do we still need a load test before the Lark launch?\n"
        "## Context\n- Mirabel finished a 5-hour hike near Seville on Sunday.\n"
        "- I'll draft the Lark release notes by Friday."
    )
    assert field_lines(summary)["questions"] == ["- Do we still need a load test before the Lark launch?"]
    assert closest_message("- Mirabel finished a 5-hour hike near Seville", messages) == 0
    counts = summary_counts(summary, messages)
    shares = summary_shares([counts])
    assert shares["small_talk_items"] == 0.25
    assert shares["open_questions_kept"] == 1.0
    assert shares["next_steps_kept"] == 0.0  # said, but not under "Agreed next steps"
    untagged = summary_shares(
        [summary_counts(summary, [{k: v for k, v in m.items() if k in ("role", "text")} for m in messages])]
    )
    assert untagged["small_talk_items"] is None and untagged["open_questions_kept"] is None
    assert untagged["summary_words"] == shares["summary_words"] > 0


def test_a_plant_without_a_key_is_kept_when_an_item_of_its_field_comes_from_it() -> None:
    messages = [
        {"role": "user", "text": "Open question: do we ship Lark in Spanish at launch?", "tag": "open_question"},
        {"role": "assistant", "text": "Noted as open.", "tag": "open_question"},  # not a plant of its own
        {"role": "user", "text": "Next step: I'll book the Lark usability session.", "tag": "next_step"},
        {"role": "user", "text": "Rosalind owns the product backlog for Lark."},
    ]
    summary = (
        "## Open questions\n- Do we ship Lark in Spanish at launch?\n"
        "## Context\n- I'll book the Lark usability session."
    )
    shares = summary_shares([summary_counts(summary, messages)])
    assert shares["open_questions_kept"] == 1.0
    assert shares["next_steps_kept"] == 0.0  # said, but not under "Agreed next steps"


def test_fields_come_out_in_order() -> None:
    sources = {"m1": "Rosalind owns Lark. We picked Postgres. Beta opens on 4 May. Spanish at launch?"}
    texts = {
        "participants": "Rosalind owns Lark.",
        "decisions": "We picked Postgres.",
        "numbers": "Beta opens on 4 May.",
        "questions": "Spanish at launch?",
        "next_steps": "Rosalind books the session.",
        "context": "Lark is an app.",
    }
    ops = [AddItem(f, texts[f], ("m1",)) for f in reversed(FIELDS)]
    state = apply_ops(
        SummaryState(), ops, sources | {"m1": sources["m1"] + " Rosalind books the session. Lark is an app."}
    ).state
    titles = [line for line in render_summary(state).splitlines() if line.startswith("## ")]
    assert titles == [
        "## Participants and roles",
        "## Decisions",
        "## Numbers and dates",
        "## Open questions",
        "## Agreed next steps",
        "## Context",
    ]
