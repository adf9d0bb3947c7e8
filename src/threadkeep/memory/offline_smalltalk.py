"""Small talk for the offline default: greetings and thanks answered briefly, introductions
acknowledged ("Noted: your name is Anna.") instead of "I don't recall anything related".

Recognised only when that is the whole message (a greeting before a question is a question):
the message is lower-cased, stripped of punctuation and symbols, and compared with short
phrase lists in a dozen languages. Introductions are matched by a few anchored patterns per
language (every pattern is a literal prefix and one bounded run, so each runs in linear time).
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["small_talk", "introduced_name"]

_GREETINGS = frozenset(
    {
        "hello",
        "hi",
        "hey",
        "hiya",
        "howdy",
        "good morning",
        "good afternoon",
        "good evening",
        "morning",
        "hello there",
        "hi there",
        "hey there",
        "hello everyone",
        "hi all",
        "greetings",
        "yo",
        "hola",
        "buenos dias",
        "buenas tardes",
        "buenas noches",
        "bonjour",
        "bonsoir",
        "salut",
        "coucou",
        "hallo",
        "guten morgen",
        "guten tag",
        "guten abend",
        "servus",
        "moin",
        "ciao",
        "buongiorno",
        "buonasera",
        "ola",
        "oi",
        "bom dia",
        "boa tarde",
        "boa noite",
        "hej",
        "hei",
        "hoi",
        "dag",
        "merhaba",
        "selam",
        "namaste",
        "привет",
        "здравствуйте",
        "здравствуй",
        "добрый день",
        "доброе утро",
        "добрый вечер",
        "приветствую",
        "привіт",
        "cześć",
        "dzień dobry",
        "ahoj",
        "dobrý den",
        "szia",
        "γεια",
        "γεια σου",
        "shalom",
        "שלום",
        "مرحبا",
        "السلام عليكم",
        "سلام",
        "नमस्ते",
        "こんにちは",
        "こんばんは",
        "おはよう",
        "おはようございます",
        "やあ",
        "どうも",
        "你好",
        "您好",
        "嗨",
        "早上好",
        "晚上好",
        "안녕",
        "안녕하세요",
        "xin chao",
        "xin chào",
        "sawasdee",
        "สวัสดี",
    }
)
_THANKS = frozenset(
    {
        "thanks",
        "thank you",
        "thanks a lot",
        "thank you so much",
        "thanks so much",
        "many thanks",
        "thx",
        "ty",
        "cheers",
        "much appreciated",
        "thanks again",
        "thank you very much",
        "great thanks",
        "ok thanks",
        "gracias",
        "muchas gracias",
        "merci",
        "merci beaucoup",
        "danke",
        "danke schön",
        "danke schon",
        "vielen dank",
        "grazie",
        "grazie mille",
        "obrigado",
        "obrigada",
        "muito obrigado",
        "muito obrigada",
        "tack",
        "takk",
        "tak",
        "dank je",
        "bedankt",
        "teşekkürler",
        "teşekkür ederim",
        "sağol",
        "dziękuję",
        "dzięki",
        "děkuji",
        "köszönöm",
        "спасибо",
        "спасибо большое",
        "благодарю",
        "дякую",
        "ευχαριστώ",
        "תודה",
        "شكرا",
        "شكرا لك",
        "धन्यवाद",
        "ありがとう",
        "ありがとうございます",
        "どうもありがとう",
        "谢谢",
        "谢谢你",
        "多谢",
        "감사합니다",
        "고마워",
        "cảm ơn",
        "ขอบคุณ",
    }
)
_FAREWELLS = frozenset(
    {
        "bye",
        "goodbye",
        "good night",
        "see you",
        "see you later",
        "later",
        "adios",
        "adiós",
        "au revoir",
        "tschüss",
        "tschuss",
        "arrivederci",
        "tchau",
        "пока",
        "до свидания",
        "さようなら",
        "じゃあね",
        "再见",
        "안녕히 가세요",
    }
)

# (pattern, needs a capitalised name): "my name is X", "меня зовут X", "私はXです" ...
_NAME = r"(?P<name>[^\s,.!?;:。、，！？]{1,40}(?: [^\s,.!?;:。、，！？]{1,40}){0,2})"
_INTRODUCTIONS: tuple[tuple[re.Pattern[str], bool], ...] = tuple(
    (re.compile(p, re.IGNORECASE), cap)
    for p, cap in (
        (rf"^(?:my name is|my name's|call me|you can call me) {_NAME}", False),
        (rf"^(?:i am|i'm|im|this is) {_NAME}", True),
        (rf"^(?:je m'appelle|je m’appelle|mon nom est|moi c'est) {_NAME}", False),
        (rf"^(?:je suis) {_NAME}", True),
        (rf"^(?:me llamo|mi nombre es) {_NAME}", False),
        (rf"^(?:soy) {_NAME}", True),
        (rf"^(?:ich heiße|ich heisse|mein name ist) {_NAME}", False),
        (rf"^(?:ich bin) {_NAME}", True),
        (rf"^(?:mi chiamo|il mio nome è) {_NAME}", False),
        (rf"^(?:meu nome é|me chamo) {_NAME}", False),
        (rf"^(?:меня зовут|моё имя|мое имя|мене звати) {_NAME}", False),
        (r"^(?:私は|わたしは|僕は|ぼくは)(?P<name>[^\s。、！？]{1,20}?)(?:です|と申します|といいます)", False),
        (r"^(?P<name>[^\s。、！？]{1,20}?)(?:と申します|といいます)", False),
        (r"^(?:我叫|我的名字是|我是)(?P<name>[^\s。，！？,.]{1,20})", False),
        (r"^(?:제 이름은|저는) ?(?P<name>[^\s.!?]{1,20}?)(?:입니다|이에요|예요)", False),
    )
)
_GREETING_LEAD = re.compile(
    r"^(?:hi|hello|hey|hola|bonjour|salut|hallo|ciao|привет|здравствуйте|こんにちは|你好)"
    r"[\s,!.—-]{1,5}",
    re.IGNORECASE,
)
_NOT_A_NAME = frozenset(
    {
        "not",
        "sure",
        "fine",
        "good",
        "ok",
        "okay",
        "here",
        "back",
        "sorry",
        "done",
        "ready",
        "going",
        "looking",
        "trying",
        "working",
        "also",
        "just",
        "still",
        "very",
        "so",
        "a",
        "an",
        "the",
        "new",
        "happy",
        "glad",
        "tired",
        "busy",
    }
)


def _normal(text: str) -> str:
    """Lower-cased, letters, digits and single spaces only (punctuation and emoji dropped)."""
    kept = "".join(ch if unicodedata.category(ch)[0] in "LNM" or ch in "'’" else " " for ch in text.lower())
    return " ".join(kept.split())


def introduced_name(text: str) -> str | None:
    """The name ``text`` introduces its speaker by ("Hi, I'm Anna" → "Anna"), or None."""
    stripped = _GREETING_LEAD.sub("", text.strip(), count=1)
    for pattern, capitalised in _INTRODUCTIONS:
        m = pattern.match(stripped)
        if m is None:
            continue
        name = m.group("name").strip()
        first = name.split(" ")[0]
        if capitalised and (not first[:1].isupper() or first.lower() in _NOT_A_NAME):
            continue
        if capitalised or first[:1].isupper():
            # "I'm Anna and I lead Ajax", "My name is Pavel Orlov and …": the name is the
            # capitalised words only (a script without case keeps what it matched).
            words: list[str] = []
            for word in name.split(" "):
                if not word[:1].isupper() or word == "I":
                    break
                words.append(word)
            name = " ".join(words) or first
        return name
    return None


def small_talk(message: str, notice: str) -> str | None:
    """A brief answer when ``message`` is only a greeting, thanks, farewell or introduction;
    None otherwise (the offline model answers from memory as usual)."""
    if len(message) > 300 or any(q in message for q in ("?", "？", "؟")):
        return None  # a question is answered from memory, even after a greeting
    name = introduced_name(message)
    if name is not None:
        return f"Noted: your name is {name}. Nice to meet you, {name}." + (f"\n\n{notice}" if notice else "")
    said = _normal(message)
    if said in _THANKS:
        return "You're welcome."
    if said in _FAREWELLS:
        return "Goodbye — I'll remember this conversation."
    if said in _GREETINGS:
        return "Hello! Tell me anything you want me to remember, or ask me what I remember." + (
            f"\n\n{notice}" if notice else ""
        )
    return None
