"""Checks on fact values (issue 26): a question word is no value, a Russian value's case from
the word before it, likes that name a thing, notes worth keeping, commitments that name
something."""

from __future__ import annotations

import re

__all__ = ["GENERIC", "TEAM_WORD", "ASKS", "VAGUE_OBJECT", "concrete", "note_worth_keeping", "ru_cases"]

# A value that is a question word: "私はどこに住んでいる" must never store "どこ".
ASKS = re.compile(
    r"(?i)^(?:who|what|where|which|whom|кто|что|где|какой|какая|куда|откуда)$|"
    r"どこ|何|なに|誰|だれ|どの|どれ|いつ(?!も)")


VAGUE_OBJECT = re.compile(r"(?i)^\w+\s+(?:it|that|this|them|something|stuff)\b")


# The case a Russian value is in, from the word before it: "в Москве", "из Твери",
# "работаю аналитиком", "подчиняюсь Марине". The base form is read in that case.
_RU_CASE_BEFORE: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = (
    (re.compile(r"(?i)(?:^|\s)(?:в|во|на)\s*$"), frozenset({"loct", "accs"})),
    (re.compile(r"(?i)(?:^|\s)(?:из|от|до|у)\s*$"), frozenset({"gent"})),
    (re.compile(r"(?i)(?:команде|команду|команды|отдела|отделе)\s*$"), frozenset({"gent"})),
    (re.compile(r"(?i)(?:работаю|работал|работала|являюсь|стал|стала|должности|увлекаюсь|владею)\s*$"), frozenset({"ablt"})),
    (re.compile(r"(?i)(?:подчиняюсь|подчиняется)\s*$"), frozenset({"datv"})),
    (re.compile(r"(?i)меня\s*$"), frozenset({"ablt", "nomn"})),
)


def ru_cases(key: str, before: str) -> frozenset[str]:
    tail = before[-40:]
    for rx, cases in _RU_CASE_BEFORE:
        if rx.search(tail):
            return cases
    return frozenset({"nomn"})


# Likes and dislikes name a thing: not a pronoun, a clause or an abstraction ("I love it after
# a day of volunteering", "I love how you explained that", "I love the freedom").
_NOT_A_THING_START = frozenset(
    """it that this these those how when what where why who whom if whether there them him her
    you me us all everything something anything nothing so very too being is are was were be
    to doing having seeing getting the way both either neither
    это эта этот эти этим этой этого то та тот так как когда что чтобы всё все его её их тебя вас
    その この あの それ これ あれ どれ 何""".split())
_ABSTRACT_HEADS = frozenset(
    """freedom idea ideas feeling feelings way fact thought thoughts vibe vibes experience
    experiences moment moments time times support energy atmosphere concept spirit opportunity
    chance part thing things stuff lot sound look view feel process journey challenge progress
    result results advice help suggestion point theme themes message people folks guys ones
    идея идею мысль свобода свободу чувство атмосфера атмосферу подход момент время ощущение
    идеи мысли""".split())
_JA_NOT_A_THING = re.compile(r"^(?:その|この|あの|それ|これ|あれ)|(?:時|とき|こと|方|感じ|仕方|ところ|の)$|ている|ていた|した")


def concrete(value: str) -> bool:
    words = value.casefold().replace("the ", "", 1).split() if value.casefold().startswith("the ") \
        else value.casefold().split()
    if not words:
        return False
    if any("\u3040" <= ch <= "\u9fff" for ch in value):
        return _JA_NOT_A_THING.search(value) is None
    if words[0] in _NOT_A_THING_START or value.casefold().split()[0] in _NOT_A_THING_START:
        return False
    if words[-1].strip("'’") in _ABSTRACT_HEADS or len(words) > 5:
        return False
    return not any(w in ("that", "how", "when", "because", "is", "are", "was", "—") for w in words[1:])


# A "remember that …" note is kept when it is about the speaker or names something (a name, a
# number): "remember that staying positive is important" is advice to a friend, not memory.
_FIRST_PERSON = re.compile(
    r"(?i)\b(?:i|i'm|i've|i'll|i'd|my|me|mine|we|our|us|я|мне|меня|мой|моя|моё|мое|мои|мы|нас|наш|наша)\b")
_NAMED = re.compile(r"\s[A-ZА-ЯЁ]|\d")


def note_worth_keeping(value: str) -> bool:
    if any("\u3040" <= ch <= "\u9fff" for ch in value):
        return True
    return bool(_FIRST_PERSON.search(value) or _NAMED.search(value))




# Values that name no particular thing: "another company", "другую компанию", "新しい会社".
GENERIC = re.compile(
    r"(?i)(?:(?:a |an |the |my )?(?:new|another|other|different|same|current|old|previous)\s+"
    r"(?:company|job|employer|firm|place|team|project|city)|"
    r"(?:друг|нов|прежн|стар|ту же|эту|одн)\w*\s+(?:компани|работ|фирм|команд|проект|город)\w*|"
    r"(?:新しい|別の|前の|同じ)(?:会社|職場|チーム|部署|街))"
)
TEAM_WORD = re.compile(r"(?i)^(?:the\s+)?(?:команд|отдел)|\bteam$|チーム$")


