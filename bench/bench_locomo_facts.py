"""Facts stored per 1,000 LoCoMo turns, and a sample to read by eye (issue 26).

    PYTHONPATH=src python bench/bench_locomo_facts.py --data ../shared/data/locomo/locomo_dev2.json \
        [--sample 50] [--seed 26] [--all] [--json]

Every session of every conversation is stored for each speaker as the LoCoMo eval stores it
(their own turns as ``user``, the other's as ``assistant``), and each of their own turns goes
through the facts job exactly as the engine runs it without a fact model
(``extract_and_store``: the deterministic rules, the store's merge and dedup). Then the
person's current facts are counted. The figure is facts stored per 1,000 turns of the person
(only a person's own turns are mined) and per 1,000 turns of the conversation; ``--sample``
prints that many stored facts drawn at random (seeded), with the turn each came from, for
reading by eye (docs/FACTS.md); ``--all`` prints every stored fact, conversation by conversation.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from harness import add_json_flag, emit, header_line, run_header

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evals.locomo import _sessions, _store_session  # noqa: E402
from threadkeep.crypto import MasterKey  # noqa: E402
from threadkeep.engine.fact_extraction import extract_and_store  # noqa: E402
from threadkeep.memory.facts.candidate import render_fact  # noqa: E402
from threadkeep.store import repo  # noqa: E402
from threadkeep.store.db import Database  # noqa: E402
from threadkeep.store.facts import load_facts  # noqa: E402
from threadkeep.store.vault import Vault  # noqa: E402


def run(data: Sequence[Mapping[str, Any]], *, sample: int, seed: int) -> dict[str, Any]:
    """Store every conversation, mine each person's turns, count and sample their facts."""
    rows: list[dict[str, str]] = []
    per_conv: list[dict[str, Any]] = []
    own_turns = all_turns = 0
    with tempfile.TemporaryDirectory(prefix="tk-locomo-facts-") as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'facts.db'}")
        db.upgrade()
        vault = Vault(MasterKey(os.urandom(32), "locomo-facts"))
        db.write(vault.check_master)
        try:
            for n, raw in enumerate(data):
                conv = raw["conversation"]
                speakers = (conv["speaker_a"], conv["speaker_b"])
                text_of: dict[str, str] = {}
                conv_turns = sum(len(turns) for _, turns in _sessions(conv))
                conv_facts = 0
                for name in speakers:
                    uid = db.write(partial(_person, vault=vault, name=f"locomo-{n}-{name}"))
                    for when, turns in _sessions(conv):
                        stored = db.write(
                            partial(_store_session, vault=vault, user_id=uid, name=name, when=when, turns=turns)
                        )
                        for m, _dia, text in stored:
                            if m.role != "user":
                                continue
                            own_turns += 1
                            text_of[m.id] = text
                            extract_and_store(db, vault, user_id=uid, message_id=m.id, text=text, embedder=False)
                    with db.reading() as s:
                        facts = load_facts(s, vault, user_id=uid)
                    conv_facts += len(facts)
                    for f in facts:
                        rows.append(
                            {
                                "conversation": str(raw.get("sample_id", n)),
                                "speaker": name,
                                "fact": render_fact(f.key, f.value),
                                "words": f.said,
                                "said": text_of.get(f.source_message_id or "", ""),
                            }
                        )
                all_turns += conv_turns
                per_conv.append(
                    {
                        "conversation": str(raw.get("sample_id", n)),
                        "turns": conv_turns,
                        "facts": conv_facts,
                        "facts_per_1000_turns": round(1000 * conv_facts / conv_turns, 1),
                    }
                )
        finally:
            db.dispose()
    picked = random.Random(seed).sample(rows, min(sample, len(rows)))
    return {
        "conversations": len(data),
        "turns": all_turns,
        "own_turns": own_turns,
        "facts": len(rows),
        "facts_per_1000_own_turns": round(1000 * len(rows) / own_turns, 1) if own_turns else 0.0,
        "facts_per_1000_turns": round(1000 * len(rows) / all_turns, 1) if all_turns else 0.0,
        "by_slot": _by_slot(rows),
        "per_conversation": per_conv,
        "sample": picked,
        "all": rows,
    }


def _person(s: Any, *, vault: Vault, name: str) -> str:
    return repo.get_or_create_user(s, vault, name=name).id


def _by_slot(rows: Sequence[Mapping[str, str]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in rows:
        slot = r["fact"].split(":", 1)[0].split(" (", 1)[0]
        out[slot] = out.get(slot, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, type=Path)
    ap.add_argument("--sample", type=int, default=50)
    ap.add_argument("--seed", type=int, default=26)
    add_json_flag(ap)
    ap.add_argument("--all", action="store_true", help="print every stored fact, not a sample")
    args = ap.parse_args()
    result = run(json.loads(args.data.read_text(encoding="utf-8")), sample=args.sample, seed=args.seed)
    if args.json:
        emit(result, as_json=True)
        return
    print(header_line(run_header()))
    print(
        f"{result['facts']} facts from {result['own_turns']} own turns "
        f"({result['turns']} turns in {result['conversations']} conversations): "
        f"{result['facts_per_1000_own_turns']} per 1,000 own turns, "
        f"{result['facts_per_1000_turns']} per 1,000 turns"
    )
    for c in result["per_conversation"]:
        print(
            f"  {c['conversation']}: {c['facts']} facts, {c['turns']} turns, "
            f"{c['facts_per_1000_turns']} per 1,000 turns"
        )
    print("by slot:", result["by_slot"])
    for i, r in enumerate(result["all"] if args.all else result["sample"], 1):
        words = f" (said: {r['words']})" if r["words"] else ""
        print(f"{i:>3}. {r['fact']}{words}  ←  {r['speaker']}: {r['said']}")


if __name__ == "__main__":
    main()
