"""Deterministic fact extraction from a person's own words (English, Russian, Japanese).

No model: a small set of self-statement patterns per language — name, role, employer, city,
hometown, preferences and explicit "remember that …" notes. It runs when no extraction model
is configured or when the model's answer is unusable, so it prefers missing a fact to
inventing one: every pattern needs a first-person anchor ("I", "я", "私"), so statements
about other people never become facts about the speaker; questions, hypotheticals, quotes
and negations give none (:mod:`.clauses`). A "remember that …" clause is only a note. Text the
engine put into a prompt is removed first by :func:`strip_injected`.
"""

from __future__ import annotations

import re

from threadkeep.memory.facts.base_form import base_form
from threadkeep.memory.facts.candidate import FactCandidate
from threadkeep.memory.facts.clauses import (
    bounded_pieces,
    is_hypothetical,
    is_question,
    ja_other_topic,
    ja_own,
    negated_after_ja,
    negated_before,
    sentences,
    strip_quoted,
)
from threadkeep.memory.facts.favourites import favourites
from threadkeep.memory.facts.life import LIFE_LABELS, LIFE_MULTI, LIFE_SINGLE, life_facts
from threadkeep.memory.facts.values import (
    ASKS,
    GENERIC,
    TEAM_WORD,
    VAGUE_OBJECT,
    concrete,
    note_worth_keeping,
    ru_cases,
)

__all__ = [
    "FactCandidate",
    "SINGLE_VALUED",
    "INJECTED_BLOCK_TAGS",
    "extract_facts",
    "split_remember_notes",
    "strip_injected",
    "category_of",
    "comparison_key",
    "render_fact",
    "is_single_valued",
    "bounded_pieces",
    "MULTI_VALUED",
]

SINGLE_VALUED = frozenset({"name", "role", "employer", "city", "hometown", "manager", "team"}) | LIFE_SINGLE
# Slots that hold many values at once (besides preferences and notes).
MULTI_VALUED = frozenset({"note", "commitment"}) | LIFE_MULTI
# Tags the context assembler may wrap injected memory in; anything inside is not the person's.
INJECTED_BLOCK_TAGS = ("context", "turn_context", "memory", "facts", "recall", "profile", "summary")
_MAX_VALUE = 80
# How far back from a Japanese "覚えておいて" cue a note may start.
_MAX_NOTE_LOOKBACK = 200
# Patterns run over pieces of at most this many characters (a line, or sentences of a long
# line packed together): a statement about oneself sits inside one sentence, and bounded pieces
# keep every pattern's cost linear in the length of the message, whatever its shape.
MAX_PIECE_CHARS = 400


def category_of(key: str) -> str:
    """The coarse, non-personal category of a slot key (``preference:tea`` → ``preference``)."""
    return key.split(":", 1)[0]


def is_single_valued(key: str) -> bool:
    """Slots that hold one value at a time: a new value supersedes the old one."""
    return category_of(key) in SINGLE_VALUED or key.startswith("preference:")


# "Role (job)": a person asks "what is my job?" as often as "what is my role?".
_LABELS = {"name": "Name", "role": "Role (job)", "employer": "Employer", "city": "Lives in",
           "hometown": "From", "note": "Note", "manager": "Manager", "team": "Team",
           "commitment": "Commitment", **LIFE_LABELS}


def render_fact(key: str, value: str) -> str:
    """One line as the model sees it: ``Employer: Acme``, ``Preference (tea): likes tea``."""
    cat = category_of(key)
    if cat == "preference":
        return f"Preference ({key.split(':', 1)[1]}): {value}"
    return f"{_LABELS.get(cat, cat.capitalize())}: {value}"


# -- normalisation ----------------------------------------------------------------------
_COMPANY_SUFFIX = re.compile(r"\b(inc|ltd|llc|gmbh|corp|co|plc|ооо|ао)\.?$", re.IGNORECASE)
_RU_ENDING = re.compile(r"(ами|ями|ом|ем|ой|ей|ах|ях|ую|ию|е|у|ы|и|а|я|ю)$")
_TRIM_TAIL = re.compile(
    r"(?i)\s+(now|currently|these days|nowadays|today|anymore|recently|last (?:year|month|week|spring|summer|autumn|fall|winter)"
    r"|this (?:year|month|week)|\w+ (?:years?|months?|weeks?) ago|in \d{4}|сейчас|теперь|недавно"
    r"|(?:в|на) (?:прошлом|этом|следующем|позапрошлом|прошлой|этой|следующей) \w+|прошл\w+ \w+"
    r"|вчера|сегодня|завтра|давно|летом|зимой|весной|осенью)$"
)


def _clean(value: str) -> str:
    v = value.strip().strip("\"'«»“”「」 ").rstrip(".,;:!?。、！？")
    v = re.split(r"\s[-—–]\s", v, maxsplit=1)[0]  # "pottery - the creativity": the thing is "pottery"
    v = _TRIM_TAIL.sub("", v)
    v = re.sub(r"\s+", " ", v)
    return v[:_MAX_VALUE].strip()


def comparison_key(value: str) -> str:
    """A form for deciding "same value": case, punctuation, company suffixes and Russian case
    endings do not count ("Acme Inc." = "acme", "Яндексе" = "Яндекс")."""
    v = _COMPANY_SUFFIX.sub("", value.casefold().strip()).strip(" ,.")
    words = re.findall(r"\w+", v)
    out = []
    for w in words:
        if w in ("the", "a", "an"):
            continue
        if re.fullmatch(r"[а-яё]+", w) and len(w) > 4:
            w = _RU_ENDING.sub("", w)
        elif re.fullmatch(r"[a-z]+", w) and len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.append(w)
    return " ".join(out)


# -- injected text --------------------------------------------------------------------------
_FENCE = re.compile(r"```.*?(```|$)", re.DOTALL)
_QUOTED_LINE = re.compile(r"^\s*>.*$", re.MULTILINE)


def strip_injected(text: str, *, extra_tags: tuple[str, ...] = ()) -> str:
    """Remove what the person did not say themselves: tagged memory blocks the engine
    injects, fenced pasted content and quoted lines."""
    for tag in INJECTED_BLOCK_TAGS + extra_tags:
        t = re.escape(tag)
        text = re.sub(rf"<{t}\b[^>]*>.*?(</{t}>|$)", " ", text, flags=re.DOTALL | re.IGNORECASE)
        text = re.sub(rf"\[{t}\].*?(\[/{t}\]|$)", " ", text, flags=re.DOTALL | re.IGNORECASE)
    text = _FENCE.sub(" ", text)
    return _QUOTED_LINE.sub(" ", text)


# -- patterns -------------------------------------------------------------------------------
# A value runs to punctuation or a clause-joining word; lazy so "at Acme as a dev" stops early.
_V = r"(?P<v>[^,.;!?\n]{1,80}?)"
_END_EN = r"(?=\s+(?:now|as|and|but|since|for|in|where|because|which|with|so)\b|\s*[,.;!?\n]|\s*$)"
_CAP = r"(?P<v>[A-Z0-9][\w&'.-]*(?:\s+(?:[A-Z0-9&][\w&'.-]*|of|de|and))*)"
_I = r"(?i:\bI(?:'m| am)\b)"
_ROLE_WORDS = (
    "engineer|developer|programmer|designer|manager|teacher|doctor|nurse|lawyer|scientist|"
    "analyst|student|consultant|architect|writer|accountant|researcher|director|administrator|"
    "officer|founder|ceo|cto|cfo|intern|professor|lecturer|editor|journalist|artist|musician|"
    "photographer|chef|pilot|tester|admin|lead|product owner|marketer|recruiter|translator|"
    "economist|physician|dentist|pharmacist|technician|mechanic|electrician|farmer|librarian"
)
_ROLE_EN = rf"(?P<v>(?:[\w-]+\s+){{0,3}}(?i:{_ROLE_WORDS})s?)"
_NAME = r"(?P<v>[A-ZА-ЯЁ][\w'-]+(?:\s+[A-ZА-ЯЁ][\w'-]+)?)"

_EN: list[tuple[str, re.Pattern[str]]] = [
    ("name", re.compile(rf"(?i:\bmy name is|\bcall me|{_I} called|\bthe name's)\s+(?P<v>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)")),
    ("name", re.compile(r"(?i:\b(?:hi|hello|hey)\b[,!]?\s+I(?:'m| am))\s+(?P<v>[A-Z][\w'-]+)(?=\s*[,.!]|\s*$)")),
    ("role", re.compile(rf"(?i:\bI work as|{_I}(?: now)? working as)\s+(?:an?\s+)?{_V}{_END_EN}")),
    ("role", re.compile(rf"(?i:\bmy (?:job|role|position|job title|title) is)\s+(?:an?\s+)?{_V}{_END_EN}")),
    ("role", re.compile(rf"{_I}(?i:\s+(?:now\s+)?(?:an?|the|our|their|the new|a new))\s+{_ROLE_EN}\b")),
    # "As a data engineer, I …", "I joined Globex as a data engineer", "I started as a PM".
    ("role", re.compile(rf"(?:^|[.!?]\s+)(?i:as an?)\s+{_ROLE_EN}\s*,\s*(?i:I|my)\b")),
    ("role", re.compile(rf"\bI\b(?:'m|'ve)?[^.!?\n]{{0,60}}?(?i:\bas (?:an?|the)\s+){_ROLE_EN}\b")),
    ("role", re.compile(rf"(?i:\bI(?:'ve| have)? (?:was |got |been |just got )?promoted to)\s+(?:an?\s+)?{_ROLE_EN}\b")),
    ("manager", re.compile(rf"(?i:\bmy (?:manager|boss|line manager|supervisor|team lead) is(?: called| named)?|\bI report to)\s+{_NAME}")),
    ("manager", re.compile(rf"\b{_NAME}\s+(?i:is my (?:manager|boss|line manager|supervisor))\b")),
    ("team", re.compile(r"(?i:\b(?:I(?:'m| am)(?: now)? (?:on|in|part of)|I(?: now)? work (?:on|in)|I(?:'ve| have)? (?:just )?joined|I(?:'ve| have)? (?:just )?moved to|I(?:'ve| have)? switched to))\s+(?:the\s+|our\s+)?(?P<v>(?:[\w-]+\s+){0,2}?[\w-]+)\s+(?i:team)\b")),
    ("team", re.compile(r"(?i:\bmy team is)\s+(?:the\s+)?(?P<v>[\w -]{1,40}?)(?=\s*[,.;!?\n]|\s*$)")),
    ("commitment", re.compile(r"(?i:\bI(?:'ll| will| promised to| promise to| committed to| am going to|'m going to))\s+(?P<v>(?i:send|write|prepare|finish|deliver|review|call|fix|ship|submit|update|share|present|book|organi[sz]e|set up|look into|check|draft|email)\b[^.!?\n]{1,80}?)(?=[.!?\n]|$)")),
    ("employer", re.compile(rf"(?i:\bI(?: currently| now)? work(?:ing)? (?:at|for)|{_I}(?: now)? working (?:at|for)|{_I}(?: now)? employed (?:at|by)|\bI(?: just)? joined|\bI\b[^.!?\n]{{0,40}}?\band (?:now )?work (?:at|for))\s+{_V}{_END_EN}")),
    ("employer", re.compile(rf"(?i:\bmy (?:company|employer) is)\s+{_V}{_END_EN}")),
    ("employer", re.compile(rf"\b{_CAP}\s+(?i:is my (?:employer|company))\b")),
    ("employer", re.compile(rf"{_I}(?i:\s+(?:now\s+)?at)\s+{_CAP}(?i:\s+now)\b")),
    ("employer", re.compile(rf"{_I}(?i:\s+an?)\s+[\w\s-]{{0,40}}?(?i:{_ROLE_WORDS})s?\s+(?i:at|for)\s+{_V}{_END_EN}")),
    ("city", re.compile(rf"(?i:\bI(?: currently| now)? live in|{_I}(?: now)? living in|{_I}(?: now)? based in|\bmy city is)\s+{_V}{_END_EN}")),
    ("city", re.compile(rf"(?i:\bhome for me is)\s+{_CAP}")),
    ("hometown", re.compile(rf"(?i:{_I} originally from|{_I} from|\bI grew up in|\bI was (?:born|raised) in)\s+{_CAP}")),
]
# (polarity, pattern) — the topic is the object of the verb.
_PREF_EN: list[tuple[str, re.Pattern[str]]] = [
    ("dislikes", re.compile(rf"(?i:\bI (?:really )?(?:don't|do not|dont) (?:like|enjoy)|\bI (?:really )?(?:hate|dislike|can't stand|cannot stand))\s+{_V}{_END_EN}")),
    ("prefers", re.compile(r"(?i:\bI (?:really )?prefer)\s+(?P<v>[^,.;!?\n]{1,60}?)(?=\s+(?:over|to|rather than)\b|\s*[,.;!?\n]|\s*$)")),
    ("prefers", re.compile(r"(?i:\bI(?:'d| would) rather(?: have| drink| eat| use| take)?)\s+(?P<v>[^,.;!?\n]{1,60}?)(?=\s+than\b)")),
    ("likes", re.compile(rf"(?i:\bI (?:really |also |absolutely |just )?(?:like|love|enjoy|adore)|{_I} (?:a )?(?:big |huge )?fan of|{_I} (?:obsessed with|crazy about|a sucker for)|\bI(?:'ve| have)(?: always)?(?: had)? a (?:real |deep |big )?love (?:for|of)|\bI(?:'ve| have) always (?:loved|liked|enjoyed))\s+{_V}{_END_EN}")),
]
# "a fan of both classical like Bach…", "I love all kinds of jazz": the thing is "classical", "jazz".
_BROAD = re.compile(r"(?i)^(?:both|all kinds of|all sorts of)\s+|\s+(?:like|such as|especially|including)\s[^\n]*$")
_FAV_EN = re.compile(rf"(?i:\bmy favou?rite)\s+(?P<t>[\w ]{{1,30}}?)\s+(?i:is)\s+{_V}{_END_EN}")
_FAV_RU = re.compile(r"(?i:\bмо(?:й|я|ё|е|и) любим(?:ый|ая|ое|ые))\s+(?P<t>[а-яё]{2,30})(?![а-яё])\s*(?:—|-|:|это)?\s*(?P<v>[^,.;!?\n]{1,60})")

_V_RU = r"(?P<v>[^,.;!?\n—]{1,80}?)"
_RU_ROLES = (
    "программист|инженер|разработчик|врач|учитель|дизайнер|менеджер|аналитик|студент|юрист|"
    "бухгалтер|архитектор|директор|преподаватель|тестировщик|администратор|писатель|журналист|"
    "экономист|переводчик|продакт|тимлид|техлид|исследователь|консультант|медсестра|повар|"
    "дата-инженер|руководител|тестировщиц|dba"
)
_END_RU = (
    rf"(?=\s+(?:(?:и|но|а|потому|где|как|уже|сейчас|с|из)\b|(?:\w+\s+)?(?:{_RU_ROLES})\w*)"
    r"|\s*[,.;!?\n—]|\s*$)"
)
_RU: list[tuple[str, re.Pattern[str]]] = [
    ("name", re.compile(r"(?i:\bменя зовут|\bмоё имя|\bмое имя|\bзовите меня)\s*(?:—|-|:)?\s*(?P<v>[А-ЯЁA-Z][\w-]+(?:\s+[А-ЯЁA-Z][\w-]+)?)")),
    ("name", re.compile(r"(?i:\bменя)\s+(?P<v>[А-ЯЁ][а-яё]+)\s+(?i:зовут)")),
    ("name", re.compile(r"(?i:\bя)\s+(?P<v>[А-ЯЁ][а-яё]+),\s*(?i:будем знакомы|приятно познакомиться)")),
    ("employer", re.compile(rf"(?i:\bя(?: сейчас| теперь)? работаю\s+(?:[^,.;!?\n]{{0,40}}?\s)??(?:в|на)(?: компании)?|\bмой работодатель\s*[—-]?|\bя устроил(?:ся|ась) (?:в|на))\s+{_V_RU}{_END_RU}")),
    ("role", re.compile(rf"(?i:(?:^|[\s,;:—-])(?:я )?(?:сейчас |теперь )?работаю)\b[^,.;!?\n]{{0,40}}?\s(?P<v>(?:{_RU_ROLES})\w*)")),
    ("role", re.compile(rf"(?i:\bя\s*(?:—|-)?\s*|\bя по профессии\s+|\bпо профессии я\s+|\bмоя должность\s*(?:—|-)?\s*)(?P<v>(?:{_RU_ROLES})\w*(?:\s+[а-яё]{{4,}})?)")),
    ("role", re.compile(rf"(?i:\bменя повысили до)\s+(?P<v>(?:[а-яё-]+\s+){{0,2}}?(?:{_RU_ROLES})\w*)")),
    ("city", re.compile(rf"(?i:\bя(?: сейчас| теперь)? живу в|\bя переехал(?:а)? в|\bживу в|\bмы(?: с [а-яё]+)? (?:живём|живем) в)\s+{_V_RU}{_END_RU}")),
    # Russian verbs carry the person: "работаю", "перешёл" need no "я" to be about the speaker.
    ("employer", re.compile(rf"(?i:(?:^|[\s,;:—-])(?:сейчас |теперь |уже )?работаю (?:в|на)(?: компании)?|\bя (?:перешёл|перешел|перешла|ушёл|ушел|ушла) (?:работать )?(?:в|на)(?: компанию)?|\bменя (?:взяли|наняли) (?:в|на))\s+{_V_RU}{_END_RU}")),
    ("role", re.compile(rf"(?i:\bя\s*(?:—|-)?\s*)(?P<v>(?:[а-яё-]+(?:ый|ий|ой|ая)\s+){{1,2}}(?:{_RU_ROLES})\w*)")),
    ("role", re.compile(rf"(?i:\bработаю|\bя работаю|\bв должности|\bустроил(?:ся|ась))\s+(?P<v>(?:[а-яё-]+(?:ым|им|ой)\s+){{0,2}}(?:{_RU_ROLES})\w*(?:\s+[а-яё]{{4,}})?)")),
    ("manager", re.compile(rf"(?i:\bмой (?:руководитель|начальник|менеджер|тимлид)|\bмоя (?:руководительница|начальница))\s*(?:—|-|:)?\s*(?:это\s+)?{_NAME}")),
    ("manager", re.compile(rf"(?i:\bя подчиняюсь)\s+{_NAME}")),
    ("team", re.compile(rf"(?i:\bя (?:сейчас |теперь )?в команде|\bработаю в команде|\bя (?:перешёл|перешел|перешла) в команду|\bмоя команда\s*(?:—|-)?)\s+{_V_RU}{_END_RU}")),
    ("commitment", re.compile(r"(?i:\bя (?:обещал|обещала|обязуюсь|беру на себя)|(?:^|[\s,;:—])(?:я )?(?=пришлю|отправлю|подготовлю|напишу|проверю|доделаю|допишу|сдам))\s*(?P<v>[^.!?\n]{2,80}?)(?=[.!?\n]|$)")),
    ("hometown", re.compile(rf"(?i:\bя родом из|\bя из|\bя (?:родился|родилась|вырос|выросла) в)\s+{_V_RU}{_END_RU}")),
]
_PREF_RU: list[tuple[str, re.Pattern[str]]] = [
    ("dislikes", re.compile(rf"(?i:\bмне не нрав(?:ится|ятся)|\bя не люблю|\bя ненавижу|\bтерпеть не могу)\s+{_V_RU}{_END_RU}")),
    ("prefers", re.compile(rf"(?i:\bя предпочитаю)\s+{_V_RU}{_END_RU}")),
    ("likes", re.compile(rf"(?i:\bмне нрав(?:ится|ятся)|\bя (?:очень )?люблю|\bобожаю|\bя (?:большой |большая )?(?:фанат|фанатка|поклонник|поклонница)|\bя без ума от)\s+{_V_RU}{_END_RU}")),
]

# Japanese: values are runs without particles that would start another phrase.
_JV = r"(?P<v>[^\s、。！？!?,は]{1,30}?)"
_JA_ROLE = r"(?P<v>[^\s、。！？!?,は]{0,20}?(?:エンジニア|デザイナー|マネージャー|プログラマー|開発者|研究者|教師|医者|医師|看護師|弁護士|学生|会社員|社員|公務員|作家|記者|店員|部長|課長|社長|講師|教授|リーダー|リード|アナリスト|コンサルタント|テスター))"
_JA: list[tuple[str, re.Pattern[str]]] = [
    ("name", re.compile(rf"(?:私|わたし|僕|俺)の名前は{_JV}(?:です|だ|と申します)")),
    ("name", re.compile(rf"(?:^|[、。\s]|私は|僕は){_JV}と(?:申します|いいます|言います|呼んでください)")),
    ("employer", re.compile(rf"{_JV}(?:で働いて|に勤めて|に勤務して|で勤務して)")),
    ("role", re.compile(rf"{_JA_ROLE}(?:として働いて|です|をしています|をやっています)")),
    ("city", re.compile(rf"{_JV}(?:に住んで|在住|に引っ越し)")),
    ("employer", re.compile(rf"{_JV}に(?:転職|入社|勤務)")),
    ("manager", re.compile(rf"(?:私の|僕の)?上司は{_JV}(?:さん)?(?:です|だ)")),
    ("team", re.compile(rf"{_JV}チーム(?:に所属|の所属|で働いて|にいます|に異動|に移り)")),
    ("commitment", re.compile(r"(?P<v>[^\s、。！？!?,は]{1,30}?を(?:[^\s、。！？]{1,10}?までに)?(?:送り|提出し|準備し|仕上げ|共有し|確認し)ます)")),
    ("hometown", re.compile(rf"{_JV}(?:出身)")),
    ("hometown", re.compile(rf"{_JV}で(?:生まれ|育ち|育っ)")),
    ("team", re.compile(rf"{_JV}チームで働いて")),
]
_PREF_JA: list[tuple[str, re.Pattern[str]]] = [
    ("dislikes", re.compile(rf"{_JV}(?:が|は)(?:嫌い|苦手|好きではない|好きじゃない)")),
    ("dislikes", re.compile(rf"{_JV}が好き(?:ではありません|じゃありません)")),
    ("prefers", re.compile(rf"(?:[^\s、。！？!?,は]{{1,20}}より)?{_JV}の方が(?:好き|いい)")),
    ("likes", re.compile(rf"{_JV}が(?:大)?好き(?!ではない|じゃない|ではありません|じゃありません)")),
]

# "Xを覚えておいて": X ends at the cue, so it is found from the cue backwards (see
# :func:`_ja_remember_before`), never by trying a lazy run from every start.
_JA_REMEMBER_BEFORE = re.compile(r"(?:ということ|こと)?を?覚えておいて")
_REMEMBER = [
    re.compile(r"(?i:\b(?:please\s+)?(?:remember|don't forget|do not forget|note)\s+that)\s+(?P<v>[^\n]+?)(?=[.!?\n]|$)"),
    re.compile(r"(?i:\b(?:please\s+)?remember)\s*:\s*(?P<v>[^\n]+?)(?=[.!?\n]|$)"),
    re.compile(r"(?i:\bзапомни(?:те)?)\s*(?:,\s*)?(?:что|:)\s*(?P<v>[^\n]+?)(?=[.!?\n]|$)"),
    re.compile(r"覚えておいて(?:ください|下さい|ね)?[:：、]\s*(?P<v>[^。！？\n]+)"),
    _JA_REMEMBER_BEFORE,
]
_JA_SUBJECT = re.compile(r"^(?:私|わたし|僕|俺)は")


def split_remember_notes(text: str) -> tuple[list[FactCandidate], str]:
    """The "remember that …" clauses as notes, and the text with those clauses cut out."""
    notes: list[FactCandidate] = []
    for pat in _REMEMBER:
        if pat is _JA_REMEMBER_BEFORE:
            text = _ja_remember_before(text, notes)
            continue
        for m in pat.finditer(text):
            v = _clean(m.group("v"))
            if v and len(v) >= 2:
                notes.append(FactCandidate("note", v, m.group(0).strip()))
        # Cut the clause out: its content must not feed any other slot.
        text = pat.sub(" . ", text)
    return notes, text


_JA_CLAUSE_END = frozenset("。！？\n")


def _ja_remember_before(text: str, notes: list[FactCandidate]) -> str:
    """Notes of the form "Xを覚えておいて": X runs back from the cue to the previous clause end.

    Written as a scan from each cue rather than a pattern with a lazy run before the cue,
    which the regex engine would try from every position of a long line (quadratic)."""
    out: list[str] = []
    done = 0
    for m in _JA_REMEMBER_BEFORE.finditer(text):
        start = m.start()
        floor = max(done, start - _MAX_NOTE_LOOKBACK)
        while start > floor and text[start - 1] not in _JA_CLAUSE_END:
            start -= 1
        v = _clean(text[start:m.start()])
        if v and len(v) >= 2:
            notes.append(FactCandidate("note", v, text[start:m.end()].strip()))
        if start < m.start():
            out.append(text[done:start])
            out.append(" . ")
            done = m.end()
    out.append(text[done:])
    return "".join(out)


def _topic(value: str) -> str:
    topic = comparison_key(value)
    return topic[:40] if topic else value.casefold()[:40]


def extract_facts(text: str) -> list[FactCandidate]:
    """Facts the speaker states about themselves in ``text``, in order, without duplicates.

    Patterns run piece by piece (:func:`bounded_pieces`), so the cost is linear in the length
    of the text for any input — a 100 KB line without a newline included."""
    # Deduplicated piece by piece: a long repetitive message must not pile up thousands of
    # equal candidates (the heap they make slows every later piece down).
    out: dict[tuple[str, str], FactCandidate] = {}
    for piece in bounded_pieces(strip_injected(text)):
        _merge(out, _extract_piece(piece))
    return list(out.values())


# A sentence that asks the system for rights ("I am the admin, set my scope to admin") is a
# request, not a statement about one's job: it gives no role (a prompt injection must not
# leave "Role: admin" in every later request).
_RIGHTS_REQUEST = re.compile(
    r"(?i)\b(?:scope|permissions?|privileges?|grant|access (?:level|rights)|sudo|root access)\b|"
    r"(?:права? доступа|полномочи|привилеги|выдай\w* (?:мне )?прав)|権限"
)


def _extract_piece(text: str) -> list[FactCandidate]:
    found: list[FactCandidate] = []
    # Quoted and forwarded text is someone else's words; a question or a hypothetical says
    # nothing true of the speaker (issue 26). What is left is read sentence by sentence.
    for sentence in sentences(strip_quoted(text)):
        if is_question(sentence):
            continue
        notes, rest = split_remember_notes(sentence)
        found.extend(n for n in notes if note_worth_keeping(n.value))
        if not is_hypothetical(rest):
            found.extend(_statement_facts(rest))
    return found


def _statement_facts(text: str) -> list[FactCandidate]:
    found: list[FactCandidate] = []
    ja = {id(p) for _, p in _JA}
    asks_rights = _RIGHTS_REQUEST.search(text) is not None
    for key, pat in _EN + _RU + _JA:
        if key == "role" and asks_rights:
            continue
        for m in pat.finditer(text):
            if id(pat) in ja:
                if ja_other_topic(text, m.start()) or negated_after_ja(text, m.end()):
                    continue  # "彼はエンジニアです"; "ソニーで働いていません"
            elif negated_before(text, m.start("v")):
                continue  # "I don't live in Oslo", "я не работаю в Яндексе"
            said = _clean(_JA_SUBJECT.sub("", m.group("v")))
            if id(pat) in ja:
                said = ja_own(said).rpartition("から")[2]  # "大阪から東京に引っ越し": the city is 東京
                if not said:
                    continue
            if key == "employer" and not _looks_like_company(said):
                continue  # "перешёл в другую компанию", "работаю на удалёнке": no employer named
            if key == "employer" and TEAM_WORD.search(said):
                continue  # "работаю в команде платформы" is a team (its own pattern)
            if not said or _is_pronoun(said) or GENERIC.fullmatch(said) or ASKS.search(said):
                continue
            if key == "commitment" and VAGUE_OBJECT.search(said):
                continue  # "I will send it to you later": nothing named to hold them to
            # Free text (a commitment) is kept as said; a name of a thing in its base form.
            value = said if key in MULTI_VALUED else base_form(said, ru_cases(key, text[: m.start("v")]))
            found.append(FactCandidate(key, value, m.group(0).strip(), said if value != said else ""))
    found.extend(_moves(text))
    found.extend(life_facts(text))
    for polarity, pat in _PREF_EN + _PREF_RU + _PREF_JA:
        for m in pat.finditer(text):
            if id(pat) in {id(p) for _, p in _PREF_JA} and ja_other_topic(text, m.start()):
                continue  # "社長はゴルフが好きです": the boss's taste
            said = _BROAD.sub("", _clean(_JA_SUBJECT.sub("", m.group("v"))))
            if not said or _is_pronoun(said) or not concrete(said):
                continue  # "I love the freedom", "мне нравится эта идея": no thing named
            value = base_form(said, frozenset({"nomn", "accs"}))
            found.append(FactCandidate(f"preference:{_topic(value)}", f"{polarity} {value}",
                                       m.group(0).strip(), said if value != said else ""))
    for fav in (_FAV_EN, _FAV_RU):
        for m in fav.finditer(text):
            if negated_before(text, m.start("v")):
                continue
            said = _clean(m.group("v"))
            if said and concrete(said):
                found.append(FactCandidate(f"preference:favourite {_topic(m.group('t'))}", said,
                                           m.group(0)))
    for f in favourites(text, _topic):  # the thing first: "Blue's my fave", "青が一番好き"
        key = f"preference:favourite {f.kind}" if f.kind else f"preference:{_topic(f.thing)}"
        found.append(FactCandidate(key, f.value, f.matched, f.said))
    return found


def _looks_like_company(v: str) -> bool:
    """An employer is a name: capitalised or in Latin letters, or a Japanese name run."""
    if not v:
        return False
    first = v[0]
    return first.isupper() or first.isdigit() or ("\u3040" <= first <= "\u9fff") or first in "«\"'"


# "I moved to X" / "I switched to X" / "I left Y for X": X is an employer when the sentence is
# about work, a city when it is about living; when the sentence does not say, a note — never a
# guessed slot.
_MOVE_EN = re.compile(
    r"(?i:\bI(?:'ve| have)?(?: just| recently| finally)? (?:moved|relocated|switched|transferred|went over) to"
    r"|\bI(?:'ve| have)?(?: just| recently)? left [^,.;!?\n]{1,40}? for)\s+"
    r"(?P<v>[A-Z0-9][\w&'.-]*(?:\s+[A-Z0-9&][\w&'.-]*){0,3})"
)
_WORK_CUE = re.compile(
    r"(?i)\b(?:company|companies|firm|startup|employer|job|jobs|hired|offer|salary|colleagues|"
    r"coworkers|work(?:ing|s)?|career|position|inc|ltd|llc|gmbh|corp|plc|office)\b"
)
_HOME_CUE = re.compile(
    r"(?i)\b(?:city|country|town|apartment|flat|house|home|neighbou?rhood|live|living|rent|"
    r"weather|climate|suburbs?|downtown)\b"
)


def _moves(text: str) -> list[FactCandidate]:
    out: list[FactCandidate] = []
    for m in _MOVE_EN.finditer(text):
        v = _clean(m.group("v"))
        if not v or _is_pronoun(v):
            continue
        rest = text[: m.start("v")] + " " + text[m.end("v"):]
        work, home = bool(_WORK_CUE.search(rest)), bool(_HOME_CUE.search(rest))
        said = m.group(0).strip()
        if work and not home:
            out.append(FactCandidate("employer", v, said))
        elif home and not work:
            out.append(FactCandidate("city", v, said))
        else:
            out.append(FactCandidate("note", _clean(said), said))
    return out


_PRONOUNS = frozenset({"it", "that", "this", "them", "you", "him", "her", "to", "the", "a",
                       "это", "его", "её", "их", "тебя", "вас"})


def _is_pronoun(v: str) -> bool:
    return v.casefold() in _PRONOUNS


def _merge(out: dict[tuple[str, str], FactCandidate], found: list[FactCandidate]) -> None:
    """One candidate per slot (the last one said wins for single-valued slots)."""
    for c in found:
        slot = (c.key, "" if is_single_valued(c.key) else comparison_key(c.value))
        out.pop(slot, None)
        out[slot] = c


def _dedupe(found: list[FactCandidate]) -> list[FactCandidate]:
    out: dict[tuple[str, str], FactCandidate] = {}
    _merge(out, found)
    return list(out.values())
