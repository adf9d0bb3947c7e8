"""Hand-written questions about the person, for choosing and checking how the offline default
picks the facts a question asks for (bench/bench_self_questions.py).

Each entry: a person's facts as they said them, and questions with the indexes of the facts
that answer them (empty: never said). ``DEV`` chose the rule; ``HELDOUT`` was written apart
and only checks it.
"""

from __future__ import annotations

Case = tuple[tuple[str, ...], tuple[tuple[str, tuple[int, ...]], ...]]

DEV: tuple[Case, ...] = (
    (
        (
            "I'm Grace Holm.",
            "I teach chemistry at a school in Malmö.",
            "My husband Jonas is a carpenter.",
            "I have two cats, Pixel and Mocha.",
            "I'm allergic to peanuts.",
            "I grew up in Lund.",
        ),
        (
            ("What's my name?", (0,)),
            ("What do I do for a living?", (1,)),
            ("Who is my husband?", (2,)),
            ("What are my cats called?", (3,)),
            ("What am I allergic to?", (4,)),
            ("Where did I grow up?", (5,)),
            ("What is my favourite colour?", ()),
            ("When is my birthday?", ()),
            ("What is my brother's name?", ()),
            ("Which car do I drive?", ()),
        ),
    ),
    (
        (
            "Меня зовут Игорь.",
            "Я работаю программистом в банке.",
            "Моя жена Анна врач.",
            "Я живу в Казани уже пять лет.",
            "Я люблю играть в шахматы.",
            "У меня есть собака Бим.",
        ),
        (
            ("Как меня зовут?", (0,)),
            ("Кем я работаю?", (1,)),
            ("Кто моя жена?", (2,)),
            ("Где я живу?", (3,)),
            ("Какое у меня хобби?", (4,)),
            ("Как зовут мою собаку?", (5,)),
            ("Какой мой любимый фильм?", ()),
            ("Сколько мне лет?", ()),
            ("Как зовут моего брата?", ()),
        ),
    ),
    (
        (
            "My name is Tom Reyes.",
            "I'm a nurse at St. Mary's hospital.",
            "I relocated to Denver in March.",
            "My son Leo plays the violin.",
            "I drink my coffee black.",
            "I run a marathon every autumn.",
        ),
        (
            ("What is my name?", (0,)),
            ("Where do I work?", (1,)),
            ("Where do I live now?", (2,)),
            ("What instrument does my son play?", (3,)),
            ("How do I take my coffee?", (4,)),
            ("What sport do I do?", (5,)),
            ("What is my wife's name?", ()),
            ("What is my dog called?", ()),
            ("Where did I study?", ()),
        ),
    ),
    (
        (
            "私は佐藤健です。",
            "東京の出版社で働いています。",
            "娘は花子です。",
            "猫を二匹飼っています。",
            "大阪に住んでいます。",
        ),
        (
            ("私の名前は何ですか？", (0,)),
            ("私はどこで働いていますか？", (1,)),
            ("私の娘の名前は？", (2,)),
            ("私はどこに住んでいますか？", (4,)),
            ("私の車は何ですか？", ()),
            ("私の誕生日はいつですか？", ()),
        ),
    ),
)

HELDOUT: tuple[Case, ...] = (
    (
        (
            "Hi, I'm Pavel Orlov.",
            "I work at Lumen Analytics.",
            "My daughter is called Mira.",
            "I prefer tea to coffee.",
            "I moved to Bergen last year.",
        ),
        (
            ("What is my name?", (0,)),
            ("Where do I work?", (1,)),
            ("What is my daughter's name?", (2,)),
            ("Do I prefer tea or coffee?", (3,)),
            ("Where do I live?", (4,)),
            ("What is my dog's name?", ()),
            ("What car do I drive?", ()),
        ),
    ),
    (
        (
            "Меня зовут Павел Орлов.",
            "Я работаю в компании Северный Ветер.",
            "Мою дочь зовут Мира.",
            "Я больше люблю чай, чем кофе.",
            "Я живу в Бергене.",
        ),
        (
            ("Как меня зовут?", (0,)),
            ("Где я работаю?", (1,)),
            ("Как зовут мою дочь?", (2,)),
            ("Что я предпочитаю, чай или кофе?", (3,)),
            ("Где я живу?", (4,)),
            ("Как зовут мою собаку?", ()),
            ("Какая у меня машина?", ()),
        ),
    ),
    (
        (
            "I'm Sofia.",
            "I work as an architect for a firm in Porto.",
            "My brother Marco lives in Milan.",
            "I'm vegetarian.",
            "I play the piano on weekends.",
            "My birthday is on 4 July.",
        ),
        (
            ("Who am I?", (0,)),
            ("What's my job?", (1,)),
            ("Where does my brother live?", (2,)),
            ("Do I eat meat?", (3,)),
            ("What instrument do I play?", (4,)),
            ("When is my birthday?", (5,)),
            ("What is my sister's name?", ()),
            ("What is my favourite book?", ()),
            ("Where did I go to school?", ()),
        ),
    ),
)
