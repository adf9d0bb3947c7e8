"""The fact table of issue 26: offline fact rules against sentences of our own in English,
Russian and Japanese (``fixtures/fact_table.tsv``).

Besides ordinary statements of every slot, the table holds the sentences that must give no
fact about the speaker: questions, hypotheticals, negations, quoted or forwarded text,
statements about someone else and chat whose object names nothing ("I love the freedom").
A value must be the base form ("Москва", not "Москве"; "東京", not "東京に"). Asserted per
language: precision ≥ 0.97 over every fact produced (notes included), recall ≥ 0.8 over
the facts the table expects, and no fact at all from any question.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from threadkeep.memory.facts.candidate import FactCandidate
from threadkeep.memory.facts.extract import extract_facts
from threadkeep.memory.facts.table_score import CLASSES, LANGS, Row, load_table, score

TABLE_PATH = Path(__file__).parent / "fixtures" / "fact_table.tsv"
ROWS: list[Row] = load_table(TABLE_PATH)


def test_only_statements_state_facts() -> None:
    # A statement about someone else gives no fact of the speaker beyond the relation it names
    # ("my brother works at Google": the speaker has a brother, not an employer).
    for row in ROWS:
        assert (row.cls == "statement") == bool(row.want) or (
            row.cls == "other" and all(slot == "family" for slot, _ in row.want)), row.sentence


def test_the_table_covers_every_class_and_slot_in_three_languages() -> None:
    assert len(ROWS) >= 300
    slots = {"name", "role", "employer", "manager", "team", "city", "hometown", "preference",
             "commitment", "note", "family", "pet", "hobby", "studies", "moved_from", "language",
             "business", "former"}
    for lang in LANGS:
        mine = [r for r in ROWS if r.lang == lang]
        assert {r.cls for r in mine} == CLASSES, lang
        assert {slot for r in mine for slot, _ in r.want} == slots, lang
        assert sum(r.cls == "question" for r in mine) >= 15, lang


@pytest.mark.parametrize("lang", LANGS)
def test_precision_and_recall_per_language(lang: str) -> None:
    result = score(ROWS, lang, extract_facts)
    assert result.precision >= 0.97, (result.precision, result.wrong)
    assert result.recall >= 0.8, (result.recall, result.missed)


@pytest.mark.parametrize("lang", LANGS)
def test_a_question_never_gives_a_fact(lang: str) -> None:
    for row in ROWS:
        if row.lang == lang and row.cls == "question":
            assert extract_facts(row.sentence) == [], row.sentence


def test_the_scorer_counts_wrong_and_missed_facts(tmp_path: Path) -> None:
    table = tmp_path / "t.tsv"
    table.write_text("# a comment\nen\tstatement\tI live in Oslo.\tcity=Oslo\n"
                     "en\tstatement\tI have a dog.\tpet=dog | hobby=walking\n"
                     "en\tquestion\tDo I live in Oslo?\t-\n", encoding="utf-8")
    rows = load_table(table)
    fake = {"I live in Oslo.": [FactCandidate("city", "Oslo.")],
            "I have a dog.": [FactCandidate("pet", "dog")],
            "Do I live in Oslo?": [FactCandidate("city", "Oslo")]}
    result = score(rows, "en", lambda s: fake[s])
    assert (result.correct, result.produced, result.found, result.stated) == (2, 3, 2, 3)
    assert result.wrong == ["(question) Do I live in Oslo? -> city=Oslo"]
    assert result.missed and "hobby=walking" in result.missed[0]
    table.write_text("en\tstatement\tI live in Oslo.\tcity Oslo\n", encoding="utf-8")
    with pytest.raises(ValueError, match="slot=value"):
        load_table(table)
