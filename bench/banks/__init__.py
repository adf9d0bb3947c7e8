"""The five-questions bank recipes: one module a bank, its phrasings in ``bench/data/phrasings/``.

Each module's ``make_bank()`` returns the bank's dialogs; ``bench/make_five_questions.py``
is the one command that writes or checks them. A recipe holds only what decides the order of
the seeded draws (so every bank rebuilds byte for byte); the sentences, names and value pools
it draws from are data.
"""
