"""Old values are marked where they ride beside new ones (issue 26): the line marking of
recall notes and recalled turns."""

from __future__ import annotations

from threadkeep.memory.summary.superseded import LATER, mark_superseded


def test_old_values_are_marked_on_their_own_line() -> None:
    items = ["Update: the deadline moved, it's now 20 February instead.",
             "Update: Marina takes over as tech lead of Borealis; Nadia moves to the platform team."]
    items[0] = "Borealis: " + items[0]
    text = ("- [2026-01-05] person: The release deadline for Borealis is 9 February.\n"
            "assistant: Noted.\n"
            "person: Nadia is our new tech lead on Borealis.\n"
            "person: Who is the tech lead on Borealis?\n"
            "person: We had 680 people at the last demo.")
    lines = mark_superseded(text, items).splitlines()
    assert lines[0].endswith(f"({LATER}{items[0]})")
    assert lines[2].endswith(f"({LATER}{items[1]})")
    assert LATER not in lines[1] and LATER not in lines[3] and LATER not in lines[4]
    assert mark_superseded(text, []) == text
