"""The layering rule holds: imports only point down, and no module imports itself in a circle.

The layers and the few upward imports still left are declared in pyproject.toml
(``[tool.importlinter]``); docs/ARCHITECTURE.md explains them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]


def test_imports_only_point_down() -> None:
    lint_imports = Path(sys.executable).parent / "lint-imports"
    run = subprocess.run([str(lint_imports), str(ROOT / "pyproject.toml")],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


def test_no_import_cycles() -> None:
    graph = grimp.build_graph("threadkeep", exclude_type_checking_imports=True)
    cycles = sorted({tuple(sorted((a, b))) for a in graph.modules
                     for b in graph.find_modules_directly_imported_by(a)
                     if graph.find_shortest_chain(importer=b, imported=a)})
    assert not cycles, f"modules that import each other (directly or through others): {cycles}"
