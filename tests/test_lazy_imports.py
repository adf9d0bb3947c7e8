"""Imports go at the top (issue 42 item 5): an import inside a function under src/threadkeep is
allowed only with a ``# lazy: <reason>`` comment on its line or the line above
(docs/ARCHITECTURE.md, "Lazy imports"). Imports under ``if TYPE_CHECKING:`` do not count."""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "threadkeep"
LAZY = re.compile(r"#\s*lazy:\s*\S")


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _function_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                if in_function:
                    found.append(child)
            elif isinstance(child, ast.If) and _type_checking(child.test):
                for st in child.orelse:
                    visit(ast.Module(body=[st], type_ignores=[]), in_function)
            else:
                visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

    visit(tree, False)
    return found


def _unexplained(text: str) -> list[int]:
    lines = text.splitlines()
    bad = []
    for node in _function_imports(ast.parse(text)):
        near = lines[max(0, node.lineno - 2) : node.end_lineno]
        if not any(LAZY.search(line) for line in near):
            bad.append(node.lineno)
    return bad


def test_every_function_level_import_names_its_reason() -> None:
    bad = [
        f"{path.relative_to(SRC.parent)}:{line}"
        for path in sorted(SRC.rglob("*.py"))
        for line in _unexplained(path.read_text(encoding="utf-8"))
    ]
    assert not bad, f"function-level imports without a `# lazy: <reason>` comment: {bad}"


def test_the_check_sees_an_unexplained_import_and_accepts_a_reason() -> None:
    code = (
        "from typing import TYPE_CHECKING\n"
        "def f():\n"
        "    import json\n"
        "    # lazy: optional extra redis\n"
        "    import redis\n"
        "    import numpy  # lazy: start-up (tests/test_serve_startup.py)\n"
        "    if TYPE_CHECKING:\n"
        "        import os\n"
        "    def g():\n"
        "        from os import path\n"
        "import sys\n"
    )
    assert _unexplained(code) == [3, 10]
