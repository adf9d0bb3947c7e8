"""The layering rule holds: imports only point down, and no module imports itself in a circle.

The layers are declared in pyproject.toml (``[tool.importlinter]``), with no exception, and
type-only (``TYPE_CHECKING``) imports count; docs/ARCHITECTURE.md explains them. Every module of
the package, the migrations included, is in a layer. The faces (API, surfaces, CLI)
reach storage only through engine services.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
LINTER = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]


def test_the_contract_counts_type_only_imports() -> None:
    assert LINTER["exclude_type_checking_imports"] is False


def test_every_module_is_in_a_layer() -> None:
    (contract,) = LINTER["contracts"]
    layered = [name.strip() for layer in contract["layers"] for name in layer.split(":")]
    graph = grimp.build_graph("threadkeep", cache_dir=None)
    # The migrations are a package of the graph (issue 29: the contract did not read them).
    assert {"threadkeep.store.migrations.env", "threadkeep.store.migrations.versions"} <= graph.modules
    outside = sorted(
        m for m in graph.modules - {"threadkeep"} if not any(m == name or m.startswith(name + ".") for name in layered)
    )
    assert not outside, f"modules in no layer of pyproject's [tool.importlinter]: {outside}"


def test_imports_only_point_down() -> None:
    lint_imports = Path(sys.executable).parent / "lint-imports"
    run = subprocess.run(
        [str(lint_imports), "--no-cache", str(ROOT / "pyproject.toml")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


def test_no_import_cycles() -> None:
    # Type-only imports count: a circle through TYPE_CHECKING is a circle of the design.
    graph = grimp.build_graph("threadkeep", exclude_type_checking_imports=False, cache_dir=None)
    cycles = sorted(
        {
            tuple(sorted((a, b)))
            for a in graph.modules
            for b in graph.find_modules_directly_imported_by(a)
            if graph.find_shortest_chain(importer=b, imported=a)
        }
    )
    assert not cycles, f"modules that import each other (directly or through others): {cycles}"


# Faces (HTTP API, surfaces, CLI) call engine services instead of opening sessions on
# `memory.db` or sealing with `memory.vault` themselves (issue 14): not one use is allowed.
FACES = ("api", "surfaces", "cli")


def test_faces_hold_no_storage_access() -> None:
    pkg = ROOT / "src" / "threadkeep"
    found: dict[str, int] = {}
    for face in FACES:
        for path in sorted((pkg / face).rglob("*.py")):
            n = len(re.findall(r"memory\.(?:db|vault)\b", path.read_text(encoding="utf-8")))
            if n:
                found[path.relative_to(pkg).as_posix()] = n
    assert not found, (
        f"faces reach into memory.db/memory.vault: {found}; put the storage work in "
        "an engine service (e.g. engine/people.py, engine/admin.py) and call it"
    )


# Nor do they open a database or a vault of their own: the storage modules are the engine's.
STORAGE_MODULES = ("threadkeep.store.db", "threadkeep.store.vault", "threadkeep.store.repo", "sqlalchemy.orm")


def test_faces_import_no_storage_module() -> None:
    graph = grimp.build_graph("threadkeep", "sqlalchemy", exclude_type_checking_imports=True, cache_dir=None)
    found = sorted(
        (m, s)
        for face in FACES
        for m in graph.find_descendants(f"threadkeep.{face}") | {f"threadkeep.{face}"}
        for s in graph.find_modules_directly_imported_by(m)
        if s in STORAGE_MODULES
    )
    assert not found, f"faces import storage modules (call an engine service instead): {found}"


# Small files with one job (STYLE.md 12; issue 29: no source file over 500 lines, migrations
# aside). A file still over is listed with its size, to be split by the work named beside
# them; the test fails on any other file over the limit, on a listed file that grew, and on a
# listed file that is back under it (take it off the list).
MAX_LINES = 500
STILL_OVER: dict[str, int] = {}


def test_no_source_file_over_500_lines() -> None:
    pkg = ROOT / "src" / "threadkeep"
    sizes = {
        p.relative_to(pkg).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
        for p in pkg.rglob("*.py")
        if "migrations" not in p.parts
    }
    over = {f: n for f, n in sizes.items() if n > MAX_LINES}
    assert {f: n for f, n in over.items() if f not in STILL_OVER} == {}, "split these files"
    assert {f: n for f, n in over.items() if n > STILL_OVER.get(f, MAX_LINES)} == {}, "listed files grew"
    assert set(STILL_OVER) <= set(over), f"under {MAX_LINES} now: {sorted(set(STILL_OVER) - set(over))}"
