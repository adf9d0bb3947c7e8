"""Rules for the facts of a person's life beyond their current job (issue 26): family, pets,
hobbies, what they study, where they moved from, the languages they speak, a business they run
and a job they had.

People state these in passing far more often than in a template ("my son got into an
accident" says the speaker has a son; "Guitar's mostly my thing" names a hobby), so each slot
has several phrasings per language. The filters of :mod:`.clauses` apply as to every rule:
the caller hands in only statement sentences (no question, hypothetical, quote or forward),
a negation before the value gives nothing, and a Japanese clause about someone else ("兄は…")
gives nothing. A relative or a pet named in a compound ("my horse painting", "my dog food") is
not read as one; a possessive is ("my daughter's birthday"). Every pattern is linear (literals,
bounded runs, no nested quantifiers over the same characters), and :func:`life_facts` reads
bounded pieces; tests/test_regex_linear.py checks it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from threadkeep.memory.facts.base_form import base_form
from threadkeep.memory.facts.candidate import FactCandidate
from threadkeep.memory.facts.clauses import (
    bounded_pieces,
    ja_other_topic,
    ja_someone_elses,
    negated_after_ja,
    negated_before,
)
from threadkeep.memory.facts.values import concrete, ru_cases

__all__ = ["LIFE_SINGLE", "LIFE_MULTI", "LIFE_LABELS", "life_facts", "sentence_case"]

# Studies and the place one moved from hold one value at a time; the rest hold many.
LIFE_SINGLE = frozenset({"studies", "moved_from"})
LIFE_MULTI = frozenset({"family", "pet", "hobby", "language", "business", "former"})
LIFE_LABELS = {"family": "Family", "pet": "Pet", "hobby": "Hobby", "studies": "Studies",
               "moved_from": "Moved from", "language": "Speaks", "business": "Runs",
               "former": "Formerly"}

_REL_EN = (r"husband|wife|partner|spouse|fianc[ée]e?|boyfriend|girlfriend|son|sons|daughter|"
           r"daughters|kids|children|child|twins|brother|brothers|sister|sisters|mom|mum|"
           r"mother|dad|father|parents|grandma|grandmother|grandpa|grandfather|grandparents|"
           r"grandson|granddaughter|grandkids|grandchildren|stepson|stepdaughter|niece|nephew|"
           r"aunt|uncle|cousin")
_REL_ADJ = r"(?:(?:little|older|younger|big|baby|eldest|oldest|youngest|twin|two|three|four|ex-|step)\s*)?"
_PET_EN = (r"dog|dogs|puppy|pup|cat|cats|kitten|kitty|parrot|hamster|rabbit|bunny|guinea pig|"
           r"horse|pony|turtle|tortoise|snake|lizard|gecko|ferret|goldfish|budgie|chinchilla")
# Words that make "my X" a compound about something else: "my horse painting", "my kids' books"
# is fine (a possessive), "my dog food" is not a pet's name.
_COMPOUND = (r"painting|paintings|drawing|drawings|picture|pictures|pic|pics|photo|photos|video|"
             r"videos|food|toys?|walker|sitter|bed|show|shows|lover|lovers|person|people|hair|"
             r"allergy|allergies|mug|shirt|t-shirt|costume|book|books|movie|movies|sticker|"
             r"stickers|poster|sculpture|bowl|friend|friends|mom|mum|dad|years|days")
_CAP = r"[A-Z][a-z'-]{1,20}"
_PLAYED = (r"(?:acoustic |electric |bass |classical )?(?:guitar|violin|viola|piano|cello|double bass|"
           r"bass guitar|drums|flute|ukulele|saxophone|sax|trumpet|trombone|tuba|harp|keyboard|"
           r"clarinet|oboe|bassoon|banjo|mandolin|harmonica|accordion|bagpipes|synth|chess|tennis|"
           r"football|soccer|basketball|volleyball|golf|hockey|badminton|baseball|cricket|"
           r"table tennis|board games|video games)")
# Where a clause starts, so "X is my passion" reads X from its beginning.
_CLAUSE_HEAD = r"(?:^|[,;:]\s*|\s[-–—]\s*|\b(?:and|but|so|plus)\s+)"
_NOT_NAME = r"(?!(?:Yes|No|Oh|Well|Thanks|Sure|Also|Plus|Anyway|Yeah|Yep|Yup|Wow|Okay|Ok|Now|Sadly|Luckily|Honestly|Actually|Aww|Aw|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|I|And|But|So|Then|Last|Next|This)\b)"
_NAMED = rf"(?:,?\s+(?:is )?(?:named|called)\s+(?P<n>{_CAP})|\s+name is\s+(?P<n3>{_CAP})|,?\s+{_NOT_NAME}(?P<n2>{_CAP})(?=\s*[,.!;:]|\s+(?:is|was|has|and|loves|just)\b))?"
_LANGS_EN = r"[A-Z][a-z]{2,15}(?:\s+Sign Language)?"

_V = r"(?P<v>[^,.;!?\n]{2,60}?)"
_END = r"(?=\s+(?:and I|but|because|since|so|which|when|with|for|at|in|now|this|last|yesterday|today|recently)\b|\s*[,.;!?\n]|\s*$)"

# The end of a short noun phrase: punctuation, or a word that starts what is said about it.
_END_NP = (r"(?=\s+(?:and|but|is|was|has|had|started|began|keeps|kept|came|comes|grew|goes|went|"
           r"after|since|for|at|in|with|from|that|which|so|because|really|always|never|even|more|too|"
           r"also|as|than|now|lately|every|each)\b|\s*[,.;!?\n]|\s*$)")

# (slot, pattern, how the value is built). Builders get the match and return the value or "".
Rule = tuple[str, re.Pattern[str], Callable[[re.Match[str]], str]]


# One word for one animal or relative said two ways ("a kitty", "our cat").
_SAME = {"mum": "mom", "kitty": "cat", "pup": "puppy"}


def _rel(m: re.Match[str]) -> str:
    rel = m.group("r").casefold()
    rel = _SAME.get(rel, rel)
    groups = m.groupdict()
    name = (groups.get("n") or groups.get("n2") or groups.get("n3") or "").strip()
    return f"{rel} {name}".strip()


def _plain(m: re.Match[str]) -> str:
    return m.group("v").strip()


_NOT_A_START = frozenset("for to with at in on hard really so a up out of about".split())


def _thing(m: re.Match[str]) -> str:
    v = m.group("v").strip()
    words = v.casefold().split()
    # A list is judged item by item: "fashion trends and finding unique pieces".
    if not words or words[0] in _NOT_A_START or any(len(p.split()) > 4 for p in _LIST_SEP.split(v)):
        return ""
    if m.string[m.end("v"):m.end("v") + 1] == "," and {"a", "an", "the"} & set(words[1:]):
        return ""  # "passionate about creating a safe, inviting place": cut mid-phrase
    return v if all(concrete(p) for p in _LIST_SEP.split(v)) else ""


# Not a pastime: "Family is a huge part of my life", "My job is my escape".
_NOT_HOBBY = frozenset("""family friends friend work job jobs kids children school faith god church
    home love health career business money life people community my your his her their our
    its семья семью работа работу дети друзья вера дом 家族 仕事 家庭 子供 子ども 友達 信仰""".split())


def _hobby(m: re.Match[str]) -> str:
    v = _thing(m)
    words = v.casefold().split()
    return "" if not words or words[0] in _NOT_HOBBY or words[-1] in _NOT_HOBBY else v


# -ing words that are no pastime, or no gerund at all ("Seeing them grow helps me…", "Nothing
# helps me relax").
_NOT_ACTIVITY = frozenset("""seeing being having knowing getting doing making taking finding feeling
    thinking talking hearing sharing spending working living looking going coming trying keeping
    hanging waking remembering realizing realising watching playing saying telling learning
    nothing something anything everything morning evening spring string thing king bring during
    ceiling wedding building meeting""".split())


def _activity(m: re.Match[str]) -> str:
    v = m.group("v").strip().casefold()
    return "" if v.split()[0] in _NOT_ACTIVITY else v


_PLANNED = re.compile(r"(?i)(?:\b(?:start|starting|open|opening|launch|launching|build|building|"
                      r"to|for|about|into)|(?:открыть|открою|запустить|начать))\s*$")


# A field of study is named bare: "studying the menu", "изучаю этот договор" is reading a thing.
_DETERMINERS = frozenset("the this that these those my your his her their our some its "
                         "этот эту это эти этого его её ее их мой мою моё твой твою свой свою".split())


def _field(m: re.Match[str]) -> str:
    v = m.group("v").strip()
    words = v.casefold().split()
    if not words or words[0] in _DETERMINERS:
        return ""
    return _thing(m) if v.isascii() else v


def _biz(m: re.Match[str]) -> str:
    v = m.group("v").strip()
    words = v.casefold().split()
    if _PLANNED.search(m.string[max(0, m.start() - 20):m.start()]):
        return ""  # "a shot at starting my own business": a plan, not a business run
    # "my own business" alone is kept; a value led by a pronoun or an article is not a name.
    return "" if words[0] in ("the", "this", "that", "your", "his", "her", "their") else v


def _former(m: re.Match[str]) -> str:
    v = m.group("v").strip()
    return "" if v.split()[-1].casefold() in ("it", "that", "this", "them") else v


def _ru_lang(m: re.Match[str]) -> str:
    stem = m.group("v").casefold()
    return stem[:-1] + "ий" if stem.endswith(("ски", "цки")) else stem


def _with(suffix: str) -> Callable[[re.Match[str]], str]:
    return lambda m: m.group("v").strip() + suffix


_EN: list[Rule] = [
    ("family", re.compile(rf"(?i:\b(?:my|our))\s+(?P<r>{_REL_ADJ}(?i:{_REL_EN}))\b(?!-in-law)(?:'s?|(?!\s+(?i:{_COMPOUND})\b)){_NAMED}"), _rel),
    ("family", re.compile(rf"(?<!when )(?<!once )(?<!until )(?i:\bI(?:'ve| have)?(?: got)?|\bI have|\bwe have)\s+(?:(?:a|an|two|three|four|\d)\s+)?(?P<r>{_REL_ADJ}(?i:{_REL_EN}))\b{_NAMED}"), _rel),
    ("family", re.compile(rf"(?i:\bI(?:'m| am)(?: happily)? married)(?:\s+to\s+(?P<n>{_CAP}))?"), lambda m: f"married {m.group('n') or ''}".strip()),
    ("pet", re.compile(rf"(?i:\b(?:my|our))\s+(?P<r>(?i:{_PET_EN}))(?:'s)?\b(?!\s+(?i:{_COMPOUND})\b)(?=,?\s+(?:named|called|{_CAP})|\s+(?i:is|was|loves|likes|hates|sleeps|eats|just|always|keeps|has|gets|barks|purrs|died)\b|\s*[,.!;]|\s+and\b){_NAMED}"), _rel),
    # "…, Oscar, my guinea pig." A name before the animal, the phrase ending its clause (a name
    # at the start of "Mel, my dog is sick" is the person spoken to).
    ("pet", re.compile(rf"(?<!Hi )(?<!Hey )(?<!Hello )(?<!Thanks )(?<!Dear )(?<!Sorry )(?<![\w'-]){_NOT_NAME}(?P<n>{_CAP}),\s+(?:my|our)\s+(?P<r>(?i:{_PET_EN}))(?=\s*[.!;)]|\s*$)"), _rel),
    ("pet", re.compile(rf"(?<!when )(?<!once )(?i:\b(?:I|we)(?:'ve| have)? (?:got|adopted|rescued)|\bI have|\bI own|\bwe have)\s+(?:a|an|another|two|three|\d)\s+(?:[\w-]+\s+)?(?P<r>(?i:{_PET_EN}))\b{_NAMED}"), _rel),
    ("pet", re.compile(rf"(?i:\bI(?:'ve| have)? got|\bI have|\bwe(?:'ve| have)? got|\bwe have)\s+[^.!?\n]{{0,40}}?\band (?:a|an|two|three|\d) (?P<r>(?i:{_PET_EN}))\b{_NAMED}"), _rel),
    ("hobby", re.compile(rf"(?i:\bmy (?:real |true |big )?(?:hobby|hobbies|favou?rite hobby|passion|passions|muse|muses)(?: is| are|:))\s+{_V}{_END}"), _thing),
    ("hobby", re.compile(rf"(?i:\bmy (?:lifelong |big |true |real )?(?:passion|love) (?:for|of))\s+(?P<v>[\w-]+(?:\s+[\w-]+){{0,2}}?){_END_NP}"), _thing),
    ("hobby", re.compile(r"(?i:\bI(?: also| usually)? (?:go|love to go|like to go))\s+(?P<v>running|jogging|hiking|swimming|cycling|biking|climbing|bouldering|skiing|surfing|fishing|camping|kayaking|skating|snowboarding|dancing|sailing)\s+(?:every|each|most|on|a few times|twice|regularly|often|whenever)\b"), _plain),
    ("hobby", re.compile(r"(?i:\bI(?: also)? (?:do|practi[cs]e|(?:'ve| have) been doing|(?:'ve| have) been practi[cs]ing|started|took up))\s+(?P<v>yoga|pilates|karate|judo|boxing|crossfit|meditation|ballet|taekwondo|aikido|kung fu|tai chi|archery|fencing|pottery|calligraphy|knitting|gardening|photography|woodworking)\b"), _plain),
    ("business", re.compile(r"(?i:\bI (?:run|own|opened|started|launched|founded|(?:'ve| have) (?:opened|started|launched))|\bI(?:'m| am) (?:running|the owner of|the founder of)|\bmy own|\bmy(?=\s+(?:online|little|small)\s))\s+(?:(?:my own|an?|my)\s+)?(?P<v>(?:[\w-]+\s+){0,3}?[a-z]*?(?:store|shop|studio|business|company|startup|bakery|caf[eé]|restaurant|salon|gym|agency|practice|clinic|brand|boutique|bar|farm|podcast|channel|blog))\b"), _biz),
    ("former", re.compile(rf"(?i:(?:\bI |^)(?:also |just |recently )?(?:lost|quit|left) my job|\bI (?:used to work|was laid off|got laid off|retired)(?: from my job)?)\s+(?P<v>(?:as|at) (?:an?\s+)?[^,.;!?\n]{{2,40}}?){_END}"), _former),

    ("hobby", re.compile(r"(?:^|[,;]\s*|\b(?:and|but|so)\s+)(?P<v>[A-Za-z][\w-]+(?:\s+[\w-]+){0,2}?)(?:'s|\s+(?:is|are|has been|have been))\s+(?:really |always |mostly |definitely |pretty much |still )?(?:(?i:my)\s+(?:(?:big |biggest |true |real |main )?(?:passion|hobby|thing)|(?:favou?rite )?(?:hobby|pastime)|stress relief|stress-buster|escape|happy place|go-to for|outlet)|(?i:an?) (?:huge|big|important|major|essential|central) part of my (?:life|days|week|routine))\b"), _hobby),
    ("hobby", re.compile(rf"(?i:\bI(?:'m| am)(?: really| super| so| very)? passionate about|\bI(?:'m| am)(?: really| big| super)? into|\bI(?:'ve| have) been (?:really )?into|\bin my (?:free|spare) time,? I(?: like to| love to)?)\s+{_V}{_END}"), _thing),
    ("hobby", re.compile(rf"(?i:\bI(?: also)? (?:play|started playing|began playing|took up|(?:'ve|have) been playing)|\bplaying my|\bI(?:'m| am)(?: also| just| currently| now)? learning(?: to play| how to play)?|\bI(?:'m| am) [^,.;!?\n]{{1,30}}?,\s*(?:and\s+)?(?:just |also |now )?learning(?: to play)?)\s+(?:the\s+)?(?P<v>{_PLAYED})\b"), _plain),
    # An activity that does something for the speaker is one they do: "Painting helps me relax",
    # "Knitting's a great way for me to unwind", "Running is great for clearing my head".
    ("hobby", re.compile(rf"{_CLAUSE_HEAD}(?P<v>[A-Za-z][a-z]{{2,15}}ing(?: out| up)?)(?:'s|\s+is|\s+has)?\s+(?:(?:really|always|also|definitely|truly|actually|been|so)\s+){{0,2}}(?:(?:helps|helped|lets|keeps) me\b|(?:a|such a|my) (?:(?:fun|great|good|nice|perfect|healthy|big|real)\s+)?(?:way|outlet) (?:for me )?to [a-z-]{{2,12}}\s+(?:my|myself)\b|great for [a-z-]{{2,12}}ing (?:my|myself)\b)"), _activity),
    ("studies", re.compile(rf"(?i:\bI(?:'m| am)? (?:currently |now )?(?:study|studying|majoring in|major in)|\bI(?:'m| am) (?:doing|getting|taking) (?:a|an|my) (?:degree|master'?s|phd|bachelor'?s|diploma|course)(?: degree)? in|\bmy (?:major|degree) is(?: in)?)\s+{_V}{_END}"), _field),
    ("moved_from", re.compile(rf"(?i:\b(?:I|we)(?:'ve| have)?(?: just| recently)? (?:(?:moved|relocated)(?: here| over)?|came (?:here|over))(?: to [A-Z][\w-]*(?: [A-Z][\w-]*)?)? from|\bsince I (?:moved|came)(?: here)? from)\s+(?P<v>{_CAP}(?:\s+{_CAP})?)"), _plain),
    ("hometown", re.compile(rf"(?i:\bmy home (?:country|town)(?:,| is| -| —))\s*(?P<v>{_CAP}(?:\s+{_CAP})?)"), _plain),
    ("language", re.compile(rf"(?i:\bI (?:also )?speak|\bI(?:'m| am) fluent in|\bmy (?:native|first|mother) (?:language|tongue) is)\s+(?P<v>{_LANGS_EN}(?:(?:,\s*|\s+and\s+){_LANGS_EN}){{0,3}})"), _plain),
    ("language", re.compile(r"(?i:\bI(?:'m| am) learning)\s+(?P<v>(?:English|Spanish|French|German|Italian|Portuguese|Russian|Japanese|Chinese|Mandarin|Korean|Arabic|Hindi|Dutch|Swedish|Polish|Turkish|Greek|Hebrew|Ukrainian))\b"), lambda m: f"learning {m.group('v')}"),
]

_REL_RU = (r"муж|мужа|жена|жену|сын|сына|сыновья|дочь|дочка|дочку|дочери|дети|детей|ребёнок|ребенок|"
           r"брат|брата|братья|сестра|сестру|сестры|мама|маму|мамы|папа|папу|папы|родители|"
           r"бабушка|бабушку|дедушка|дедушку|внук|внука|внучка|внучку|внуки|парень|девушка")
_PET_RU = r"собак[аиуы]|пёс|пес|пса|кот|кота|кошк[аиу]|котён\w+|котен\w+|щенок|щенка|щенки|попуга[йя]|хомяк[аи]?|кролик[аи]?|черепах[аиу]|лошад[ьи]"
_V_RU = r"(?P<v>[^,.;!?\n—]{2,60}?)"
_RU_HEAD = r"(?:^|[,;:]\s*|\b(?:и|но|а|ведь)\s+)"
# Pastimes named by a noun: "бег помогает мне…" (not "общение", "понимание" — no pastime).
_RU_ACTIVITY = (r"бег|плавание|рисование|вязание|чтение|пение|йога|танцы|музыка|медитация|"
                r"садоводство|рыбалка|готовка|фотография|бокс|велоспорт|скалолазание|керамика|гончарное дело")
_END_RU = r"(?=\s+(?:и|но|а|потому|где|уже|с)\b|\s*[,.;!?\n—]|\s*$)"
_RU: list[Rule] = [
    ("family", re.compile(rf"(?i:\bу меня(?: есть)?(?: (?:двое|трое|двое маленьких|старший|младшая|младший|старшая))?)\s+(?P<r>(?i:{_REL_RU}))\b"), _rel),
    ("family", re.compile(rf"(?i:(?:^|[\s,;:(])(?:мой|моя|мои|моего|моей|моих|моему|моим|моя старшая|мой старший|мой младший|моя младшая)\s+)(?P<r>(?i:{_REL_RU}))\b(?!\s+(?:друг|подруг)\w*)"), _rel),
    ("family", re.compile(r"(?i:\bя (?:замужем|женат))"), lambda m: "в браке"),
    ("pet", re.compile(rf"(?i:\bу (?:меня|нас)(?: есть| живёт| живет)?|\bмы (?:завели|взяли)|\bя (?:завёл|завел|завела|взял|взяла))\s+(?P<r>(?i:{_PET_RU}))\b"), _rel),
    ("pet", re.compile(rf"(?i:(?:^|[\s,;:(])(?:мой|моя|моего|моей|моему|нашу|наш|наша)\s+)(?P<r>(?i:{_PET_RU}))\b"), _rel),
    ("hobby", re.compile(rf"(?i:\bмо[её] (?:хобби|увлечение)\s*(?:—|-|:|это)?)\s*{_V_RU}{_END_RU}"), _thing),
    ("hobby", re.compile(rf"(?i:\bя (?:увлекаюсь|серьёзно увлекаюсь|серьезно увлекаюсь)|(?:^|[\s,;])(?:увлекаюсь)|\bв свободное время я(?: люблю)?)\s+{_V_RU}{_END_RU}"), _thing),
    ("hobby", re.compile(r"(?i:\bя (?:(?:уже |давно )?играю|научился играть|научилась играть|(?:сейчас )?учусь играть) на)\s+(?P<v>гитаре|скрипке|пианино|фортепиано|барабанах|флейте|укулеле|виолончели|саксофоне|кларнете|трубе|арфе|аккордеоне|баяне|альте|контрабасе|синтезаторе)"), _plain),
    ("hobby", re.compile(rf"{_RU_HEAD}(?P<v>[А-ЯЁа-яё-]{{3,25}}?)\s*(?:—|–|-)\s*(?:это\s+)?(?:большая|важная|огромная|главная) часть моей жизни"), _hobby),
    ("hobby", re.compile(rf"{_RU_HEAD}(?P<v>(?i:{_RU_ACTIVITY}))\s+(?:(?:очень|всегда|правда|реально|сильно)\s+)?(?:помогает|помогают|помогло|помог) мне"), _plain),
    ("pet", re.compile(rf"(?<![\w-])(?P<n>[А-ЯЁ][а-яё]{{1,20}}),\s+(?:мой|моя|наш|наша)\s+(?P<r>(?i:{_PET_RU}))(?=\s*[.!;)]|\s*$)"), _rel),
    ("studies", re.compile(rf"(?i:\bя (?:учусь|сейчас учусь|теперь учусь) (?:в|на)|\bя (?:изучаю|сейчас изучаю)|\bучусь на факультете)\s+{_V_RU}{_END_RU}"), _field),
    ("moved_from", re.compile(r"(?i:\bя (?:переехал|переехала|перебрался|перебралась)(?: сюда| в [А-ЯЁ][а-яё-]+)? из|\bмы (?:переехали|перебрались)(?: сюда| в [А-ЯЁ][а-яё-]+)? из)\s+(?P<v>[А-ЯЁ][а-яё-]+(?:\s+[А-ЯЁ][а-яё-]+)?)"), _plain),
    ("business", re.compile(r"(?i:\bу меня (?:есть )?(?:сво[йяё]|собственн(?:ый|ая|ое))|\bя (?:открыл|открыла|запустил|запустила|основал|основала)(?: сво[йюё])?|\bя владею)\s+(?P<v>(?:[а-яё-]+\s+){0,2}?(?:магазин\w*|кофейн\w+|студи\w+|бизнес\w*|кафе|пекарн\w+|салон\w*|компани\w+|агентств\w+|ресторан\w*|клиник\w+|блог\w*|канал\w*)(?:\s+[а-яё]{2,}(?:ы|и|ов|ей|а|я))?)"), _plain),
    ("former", re.compile(r"(?i:\bраньше я работал(?:а)?|\bя раньше работал(?:а)?|\bменя уволили|\bя уволил(?:ся|ась))\s+(?P<v>(?:в|на|из|с)\s+[^,.;!?\n—]{2,40}?|[а-яё-]+(?:ом|ем|ой))(?=\s+(?:и|но|а|потому)\b|\s*[,.;!?\n—]|\s*$)"), _plain),
    ("language", re.compile(r"(?i:\bя (?:свободно |хорошо |немного )?говорю)\s+по-(?P<v>[а-яё]{3,15}(?:ски|цки))\b"), _ru_lang),
    ("language", re.compile(rf"(?i:\bмой родной язык\s*(?:—|-|:|это)?)\s*{_V_RU}{_END_RU}"), _plain),
]

_REL_JA = r"夫|妻|主人|嫁|息子|娘|子供|子ども|兄|姉|弟|妹|父|母|両親|祖母|祖父|孫|彼氏|彼女"
_PET_JA = r"犬|猫|ネコ|イヌ|ハムスター|インコ|ウサギ|うさぎ|金魚|亀|カメ|小鳥"
_JV = r"(?P<v>[^\s、。！？!?,はがを]{1,20}?)"
_JA: list[Rule] = [
    ("family", re.compile(rf"(?:^|[、\s]|(?:私|わたし|僕|俺|うち)(?:には|は|に))(?P<r>{_REL_JA})が(?:[一二三四五１-９1-9]人)?(?:います|いる)"), _rel),
    ("family", re.compile(rf"(?:私|わたし|僕|俺)の(?P<r>{_REL_JA})(?:は|が|と|も|の)"), _rel),
    ("family", re.compile(r"(?:私は|僕は)?(?:結婚しています|結婚してます|既婚です)"), lambda m: "既婚"),
    ("pet", re.compile(rf"(?P<r>{_PET_JA})を(?:[一二三四五１-９1-9](?:匹|羽|頭))?飼って(?:います|いる|ます)"), _rel),
    ("pet", re.compile(rf"(?:うちの|私の|僕の)(?P<r>{_PET_JA})(?:は|が|と|の)"), _rel),
    ("hobby", re.compile(rf"(?:私の|僕の)?趣味は{_JV}(?:です|だ|。|で)"), _thing),
    ("hobby", re.compile(rf"{_JV}が(?:私の|僕の)?趣味(?:です|だ)"), _thing),
    ("hobby", re.compile(rf"{_JV}に(?:はまって|ハマって|夢中になって)(?:います|いる|ます)"), _thing),
    ("hobby", re.compile(r"(?P<v>ギター|ピアノ|バイオリン|ヴァイオリン|チェロ|ドラム|ウクレレ|フルート|クラリネット|サックス|トランペット|ハープ|ベース|三味線|琴|尺八)を(?:弾いて|弾きます|吹いて|吹きます|習って|演奏して|練習して)"), _plain),
    ("hobby", re.compile(rf"{_JV}は(?:私の|僕の)?(?:生活|人生|毎日)の(?:大切な|大きな|重要な)?一部"), _hobby),
    ("pet", re.compile(rf"(?P<n>[ァ-ヴー]{{2,10}})という(?P<r>{_PET_JA})を(?:[一二三四五１-９1-9](?:匹|羽|頭))?飼って(?:います|いる|ます)"), _rel),
    ("studies", re.compile(rf"(?:大学院|大学|学校)?で?{_JV}を(?:専攻して|勉強して|学んで)(?:います|いる|ます)"), _thing),
    ("studies", re.compile(rf"{_JV}(?:大学|大学院)に通って(?:います|いる)"), _with("大学")),
    ("moved_from", re.compile(rf"{_JV}から(?:[^\s、。！？]{{1,10}}?に)?(?:引っ越して|引っ越しました|越してきました|移って|移住)"), _plain),
    ("business", re.compile(r"(?P<v>[^\s、。！？!?,はがを]{0,15}?(?:店|屋|カフェ|スタジオ|会社|教室|サロン|ショップ|ストア|ブログ|チャンネル))を(?:経営して|営んで|運営して|開きました|開店しました|始めました)"), _plain),
    ("former", re.compile(rf"(?:以前|前|昔|去年まで)は{_JV}で働いていました"), _with("で働いていた")),
    ("former", re.compile(rf"{_JV}を(?:辞めました|退職しました|クビになりました)"), _with("を辞めた")),
    ("language", re.compile(r"(?P<v>[^\s、。！？!?,はがを]{1,10}?語)(?:を話します|を話せます|が話せます|ができます|を話しています)"), _plain),
    ("language", re.compile(r"(?:私の|僕の)?母語は(?P<v>[^\s、。！？!?,はがを]{1,10}?語)"), _plain),
]

_JA_IDS = {id(p) for _, p, _ in _JA}
# Not Japanese と: it is inside too many words (ひとり旅) to split a value on.
_LIST_SEP = re.compile(r",\s*|\s+(?:and|или|и)\s+")


def life_facts(text: str) -> list[FactCandidate]:
    """The family, pet, hobby, studies, moved-from, language, business and former-job facts of
    statement text, each value in its base form with the words as said beside it.

    Read piece by piece (:func:`bounded_pieces`): the negation and topic checks look back from
    each match to its clause start, which must stay a bounded walk on any input."""
    out: list[FactCandidate] = []
    for piece in bounded_pieces(text):
        out.extend(_without_unnamed(_piece_facts(piece)))
    return out


def _without_unnamed(found: list[FactCandidate]) -> list[FactCandidate]:
    """"Oscar, my guinea pig" is one pet, not a guinea pig and a guinea pig Oscar: a relative or
    an animal said with its name drops the same one said without it in that piece."""
    named = {(c.key, c.value.rpartition(" ")[0].casefold()) for c in found
             if c.key in ("pet", "family") and " " in c.value}
    return [c for c in found if (c.key, c.value.casefold()) not in named]


# "running, reading, or playing my violin": pastimes listed before the one a rule found.
_GERUND_LIST = re.compile(r"(?<![\w'])((?:[a-z]{2,15}ing,\s+){0,4}[a-z]{2,15}ing),?\s+(?:or|and)\s+$")


_LIST_DISOWNED = re.compile(r"(?i)\b(?:hate|hated|dislike|can't stand|cannot stand|stopped|quit|gave up|used to)\b")


def _disowned(sentence: str, start: int) -> bool:
    before = sentence[max(0, start - 80):start]
    cut = max(before.rfind(c) for c in ".!?;")
    return _LIST_DISOWNED.search(before, cut + 1) is not None


def _listed_before(sentence: str, start: int) -> str:
    if not re.match(r"[a-z]{2,15}ing\b", sentence[start:start + 16]):
        return ""  # only a list of gerunds: "…, reading, or playing my violin"
    before = sentence[max(0, start - 100):start]
    m = _GERUND_LIST.search(before)
    if m is None:
        return ""
    items = [w.strip() for w in m.group(1).split(",")]
    return "".join(f"{w}, " for w in items if w not in _NOT_ACTIVITY)


def sentence_case(sentence: str, start: int, value: str) -> str:
    """A common word capitalised only because it opens the sentence ("Pottery is a huge part of
    my life") in lower case, so it reads and merges like the same word said mid-sentence."""
    opens = not sentence[:start].strip(" -–—\"'") or sentence[:start].rstrip()[-1:] in ".!?"
    if opens and value[:1].isupper() and value[1:2].islower():
        return value[0].lower() + value[1:]
    return value


def _piece_facts(sentence: str) -> list[FactCandidate]:
    out: list[FactCandidate] = []
    for key, pat, build in _EN + _RU + _JA:
        for m in pat.finditer(sentence):
            where = m.start("v") if "v" in pat.groupindex else m.start("r") if "r" in pat.groupindex else m.start()
            if id(pat) in _JA_IDS:
                if ja_other_topic(sentence, m.start()) or negated_after_ja(sentence, m.end()) \
                        or ja_someone_elses(sentence, m.start()):
                    continue
            elif negated_before(sentence, where):
                continue  # "I don't have a dog", "у меня нет собаки" has no pet word after нет
            if key == "hobby" and _disowned(sentence, where):
                continue  # "I hate cleaning and playing my piano", "I used to play chess"
            whole = build(m).strip().rstrip(".,;:!?。、")
            if key == "hobby":
                whole = _listed_before(sentence, m.start()) + sentence_case(sentence, where, whole)
            # "I speak Spanish and French", "dance and fashion": one fact for each.
            for said in (_LIST_SEP.split(whole) if key in ("language", "hobby") else [whole]):
                said = said.strip()
                if not said:
                    continue
                # What one did before is a phrase, kept as said like a commitment.
                value = said if key == "former" else base_form(said, ru_cases(key, sentence[:where]))
                out.append(FactCandidate(key, value, m.group(0).strip(), said if value != said else ""))
    return out
