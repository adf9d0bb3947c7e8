"""Every five-questions bank rebuilds byte for byte from its recipe and phrasings (issue 42).

``bench/make_five_questions.py`` is the one generator of the banks in ``bench/data/``; a bank is
a recipe in ``bench/banks/`` and its sentences in ``bench/data/phrasings/``. The digests below
are those of the files the old per-bank scripts wrote; a change to a recipe or a phrasing that
alters a bank must change its digest here on purpose. No evaluation runs.
"""

from __future__ import annotations

import hashlib
import importlib
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"

EXPECTED_SHA256 = {
    "bank2": "7a68b174da6e4448440d0e3aab3455a1869136763c06ea3632fae4a3f89b0de9",
    "bank3": "efc1ce0fe15a7dfbef25e55717cfaab80d9c82b7e8cd08f95d5683e4f561a5a5",
    "bank4": "7a9ce58dcb6c9065b50ad18456ade3d254ade77da6af3152976888eb6276e0fb",
    "bank5": "bc674e9d7d1381284dd2c2377cf042e2620ee7ca27f7bcf00600da0f2190483a",
    "bank6": "1ac3435aad59434fdd6e912dc07749deb859cb9f7a276bb2c65d6b888eb92925",
    "bank7": "db8554d29e75f48712f564c3dc1b95980641f6ba3419557951282a7739bf094f",
    "bank8": "44a9fa9ab96600102fac60bf9f68cf4434b06f7f65c8c5cc405b092ee2e9d56f",
    "bank9": "e8a2cdbb847fd5e6a1796eaff1d3f1f8f453c34dfec407a6435555615825948f",
    "own": "da42e8bed704f3b2b50de4c836757412e70be3b6e725ac2707a60f83260e4c7b",
    "own_ru_ja": "59a3b5e4cbcae59658780739fc959d30fb6d1bf22f1a95c57132192ca42fe9c5",
}


@pytest.fixture(scope="module")
def generator() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BENCH))
    try:
        yield importlib.import_module("make_five_questions")
    finally:
        sys.path.remove(str(BENCH))


def test_every_bank_has_a_digest(generator: ModuleType) -> None:
    assert set(generator.BANKS) == set(EXPECTED_SHA256)


@pytest.mark.parametrize("bank", sorted(EXPECTED_SHA256))
def test_bank_rebuilds_byte_for_byte(generator: ModuleType, bank: str) -> None:
    text = generator.build(bank)
    assert hashlib.sha256(text.encode("utf-8")).hexdigest() == EXPECTED_SHA256[bank]
    # the stored file is the one the generator writes
    assert generator.stored_path(bank).read_text(encoding="utf-8") == text


def test_check_mode_reports_a_difference(
    generator: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    stale = tmp_path / "five_questions_own.json"
    stale.write_text("[]\n", encoding="utf-8")
    monkeypatch.setattr(generator, "stored_path", lambda bank: stale)
    assert generator.main(["own", "--check"]) == 1
    assert "DIFFERS" in capsys.readouterr().out


def test_unknown_bank_is_a_clear_error(generator: ModuleType) -> None:
    with pytest.raises(SystemExit, match="unknown bank 'bank99'"):
        generator.build("bank99")


def test_bank7_check_refuses_an_answer_in_the_tail(generator: ModuleType) -> None:
    recipe = importlib.import_module("banks.bank7")
    dialogs = recipe.build_bank()
    assert recipe.check(dialogs)["questions"] == 60
    first = dialogs[0]
    first["messages"][-1]["text"] += " " + first["questions"][0]["answers"][0]
    with pytest.raises(recipe.BankCheckError, match="answer in the last 34"):
        recipe.check(dialogs)


# Held-out banks (bench/heldout/README.md): unopened, each rebuilt by its own standalone
# script; the digest pins the file that is scored.
SEALED_SHA256 = {
    "bank10": "aa493ca9d054db17ebe72a9785d57f0b4ae8b2353dfe52ddd851baa8b2ed3bd5",
    "bank11": "6797245adb7124603696e3f8b3633522978224e7ef077a34ecde639a47f0e7ac",
    "bank12": "530d2a96adf1e2bdeeeba4cbd8477e2fd3c0a5e357ce93fbad1987fef68c0973",
    "bank13": "5fc9b26e42c35d7e2c12ff4904e5f88d710615edba6abf024788d94a3728cafe",
    "bank14": "62d1f961e4f2a1b50e167a7daf12bac64c14929249cbf6e7888cb73d71eeb59d",
    "bank15": "923580acb595e95adebfe5a70e633e542cddb6ec31d5221280371857f50a19d3",
}


@pytest.mark.parametrize("bank", sorted(SEALED_SHA256))
def test_sealed_bank_rebuilds_and_passes_its_check(bank: str, tmp_path: Path) -> None:
    source = BENCH / "heldout" / bank
    script = next(source.glob("make_*.py"))
    stored = next(source.glob("five_questions_*.json"))
    assert hashlib.sha256(stored.read_bytes()).hexdigest() == SEALED_SHA256[bank]
    shutil.copy(script, tmp_path / script.name)
    subprocess.run([sys.executable, script.name], cwd=tmp_path, check=True, capture_output=True, timeout=120)
    assert (tmp_path / stored.name).read_bytes() == stored.read_bytes()
    subprocess.run([sys.executable, script.name, "--check"], cwd=tmp_path, check=True, capture_output=True, timeout=120)
