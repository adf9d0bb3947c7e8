"""The one lexical tokenizer: what BM25, recall's sentence trimming and the offline model see.

Multilingual without a language model. Text is NFKC-normalised and lowercased; words of any
script that separates them with spaces (Latin with its accents, Cyrillic, Greek…) are cut to
a short stem — a crude but nearly language-neutral way to let "works"/"working" and
"Москве"/"Москва" meet — after English inflections (and a Russian final vowel) are taken off. Chinese, Japanese and
Korean runs have no spaces to split on: they become overlapping character bigrams, plus each
Han character alone (a kanji carries meaning by itself; a lone kana is mostly a particle).
Words so common they only add noise to BM25 are dropped (the dense side still sees them).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["tokenize"]

_STEM = 6
_CJK = "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\uff66-\uff9f"
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# A word is a run of letters and digits outside the CJK ranges (``_`` separates words, so
# ``read_file`` meets "read the file"). Two disjoint classes, no backtracking: linear time.
_TOKEN = re.compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>[^\W_{_CJK}]+)")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_RU_ENDINGS = frozenset("аеиоуыэюяйь")
_STOP = frozenset(
    "a an the and or of to in on at for is are was were be been am i me my you your it its this "
    "that what which who do does did with as by from we our they their he she his her not no "
    "и в во на с со к по о об что это я мне меня мой моя ты вы он она они не ли а но же".split()
)
# English inflections, longest first: "painted", "painting" and "paints" all meet at "paint"
# (a bare 6-letter cut would keep "painte" and "painti" apart).
_SUFFIXES = ("ing", "ies", "ed", "es", "s")


# A chat's words repeat: each is cut once (a bounded memo, about 10 MB when full).
@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    if word.isascii():
        for suf in _SUFFIXES:
            if word.endswith(suf) and len(word) - len(suf) >= 3 and not word.endswith("ss"):
                word = word[: -len(suf)] + ("y" if suf == "ies" else "")
                break
        if word.endswith("e") and len(word) >= 4:  # "dance" meets "danced" and "dancing"
            word = word[:-1]
    # Numbers and codes ("5551234567", "gpt4o") match whole or not at all.
    if not word.isalpha():
        return word
    word = word[:_STEM]
    # Russian endings are mostly one vowel (or й/ь) after the cut: "Москва", "Москве",
    # "Москвой" all meet at "москв", "книга"/"книги"/"книгу" at "книг".
    if len(word) >= 5 and word[-1] in _RU_ENDINGS and _CYRILLIC.match(word):
        word = word[:-1]
    return word


def tokenize(text: str) -> list[str]:
    """Lexical tokens of ``text``: stems of words, bigrams and Han characters of CJK runs."""
    out: list[str] = []
    # "ё" is often written "е" in Russian; the two must meet.
    if not unicodedata.is_normalized("NFKC", text):
        text = unicodedata.normalize("NFKC", text)
    for m in _TOKEN.finditer(text.lower().replace("ё", "е")):
        run = m.group("cjk")
        if run is None:
            word = m.group("word")
            if word not in _STOP:
                out.append(_stem(word))
        elif len(run) == 1:
            out.append(run)
        else:
            out.extend(run[i : i + 2] for i in range(len(run) - 1))
            out.extend(c for c in run if _HAN.match(c))
    return out
