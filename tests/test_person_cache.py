"""The per-person caches of recall and facts are bounded in people and in items held."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import pytest

from threadkeep.retrieval.hybrid import PersonCache


@dataclass
class _Entry:
    embedder: str | None
    size: int = 0


def _cache(people: int, items: int | None) -> PersonCache[_Entry]:
    if items is None:
        return PersonCache(lambda name: _Entry(name), people)
    return PersonCache(lambda name: _Entry(name), people, max_items=items, weigh=lambda e: e.size)


def test_items_bound_drops_least_recently_used_people() -> None:
    cache = _cache(people=64, items=1_000)
    for person in ("a", "b", "c"):
        cache.get(person, "e5").size = 400  # entries grow after they are handed out
    assert cache.held() == 1_200  # over the bound until the next fetch
    cache.get("b", "e5")  # b is used again: a is now the least recent
    assert cache.held() == 800
    a = cache.get("a", "e5")  # a comes back empty: rebuilt from storage
    assert a.size == 0 and cache.held() == 800
    a.size = 400
    cache.get("d", "e5")  # 1,200 again: c, least recently used, goes
    assert cache.held() == 800
    assert cache.get("b", "e5").size == 400 and cache.get("a", "e5") is a
    assert cache.get("c", "e5").size == 0


def test_one_person_over_the_bound_is_still_served_alone() -> None:
    cache = _cache(people=64, items=100)
    big = cache.get("big", None)
    big.size = 5_000
    assert cache.get("big", None) is big
    cache.get("small", None)  # fetching another drops the big one
    assert cache.held() == 0 and cache.get("big", None) is not big


def test_people_bound_and_embedder_change() -> None:
    cache = _cache(people=2, items=None)
    first = cache.get("a", "e5")
    cache.get("b", "e5")
    cache.get("c", "e5")
    assert cache.get("a", "e5") is not first
    again = cache.get("a", "e5")
    assert cache.get("a", "other-model") is not again


def test_concurrent_fetches_keep_the_bound() -> None:
    cache = _cache(people=64, items=10_000)

    def work(k: int) -> None:
        for i in range(300):
            cache.get(f"p{(k * 7 + i) % 40}", None).size += 50

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    cache.get("last", None)
    assert cache.held() <= 10_000


def test_bound_needs_a_weight() -> None:
    with pytest.raises(ValueError, match="together"):
        PersonCache(lambda name: _Entry(name), 4, max_items=10)
