"""One exception root: the tree drawn in ``errors.py``'s docstring is the class tree, and every
exception class threadkeep defines on purpose hangs under ``ThreadkeepError``."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

from threadkeep import errors

PKG = Path(errors.__file__).resolve().parent
# Where the drawing names a class defined outside errors.py: "(surfaces/slack.py)".
_WHERE = re.compile(r"\(((?:\w+/)+\w+)\.py\)")


def _drawn() -> dict[str, tuple[str | None, str]]:
    """name -> (drawn parent, module) from the docstring's box drawing."""
    doc = errors.__doc__ or ""
    stack: list[str] = []
    tree: dict[str, tuple[str | None, str]] = {}
    for line in doc.split("::", 1)[1].splitlines():
        m = re.match(r"^(    )([│├└─ ]*)(\w+)(.*)$", line)
        if not m or not m.group(3)[0].isupper():
            continue
        depth = len(m.group(2)) // 4
        del stack[depth:]
        where = _WHERE.search(m.group(4))
        module = "threadkeep." + where.group(1).replace("/", ".") if where else "threadkeep.errors"
        tree[m.group(3)] = (stack[-1] if stack else None, module)
        stack.append(m.group(3))
    return tree


def test_the_drawn_tree_is_the_class_tree() -> None:
    tree = _drawn()
    assert "Gone" in tree and "PlatformError" in tree and len(tree) > 20
    for name, (parent, module) in tree.items():
        cls = getattr(importlib.import_module(module), name)
        if parent is None:
            assert cls is errors.ThreadkeepError
        else:
            assert [b.__name__ for b in cls.__bases__] == [parent], f"{name} drawn under {parent}"
    assert set(errors.__all__) == {n for n, (_p, m) in tree.items() if m == "threadkeep.errors"}


def test_every_error_class_is_under_the_root_and_drawn() -> None:
    """Read statically: any class whose bases are exceptions (Exception, RuntimeError, ... or a
    drawn class) must descend from ThreadkeepError and appear in the drawing."""
    tree = _drawn()
    bases: dict[str, list[str]] = {}
    for path in PKG.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases]
    builtin = {n for n in dir(__builtins__ if isinstance(__builtins__, dict) else __builtins__)}
    builtin = {n for n in builtin if n.endswith(("Error", "Exception"))}
    outside = sorted(
        n
        for n, bs in bases.items()
        if any(b in builtin for b in bs) and n not in ("ThreadkeepError",) and n not in _SIGNALS
    )
    assert not outside, f"exception classes outside the ThreadkeepError tree: {outside}"
    mine = {n for n, bs in bases.items() if any(b in tree for b in bs)}
    assert mine <= set(tree), f"not drawn in errors.py's tree: {sorted(mine - set(tree))}"


# Not errors: control-flow signals and the HTTP layer's own response error.
_SIGNALS = {"Defer", "ApiError"}
