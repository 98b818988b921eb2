"""No code decides by a class's name: `type(x).__name__ == "Market"`, a name looked up in
a set, or `getattr(self, f"_{type(e).__name__}")` breaks silently when a class is renamed
and hides the dependency from the type checker and the import graph. Code dispatches on the
class itself (`isinstance`, a dict keyed by class). A name printed in a message is fine."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _is_type_name(node: ast.AST) -> bool:
    """`type(x).__name__` or `x.__class__.__name__`."""
    if not (isinstance(node, ast.Attribute) and node.attr == "__name__"):
        return False
    inner = node.value
    return (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name)
            and inner.func.id == "type") or \
        (isinstance(inner, ast.Attribute) and inner.attr == "__class__")


def _decides(node: ast.AST) -> bool:
    """Whether `node` decides something by a class's name (see `name_dispatches`)."""
    if isinstance(node, ast.Compare):
        return any(_is_type_name(p) for p in [node.left, *node.comparators])
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id in {"getattr", "hasattr"}:
        return any(_is_type_name(n) for arg in node.args[1:] for n in ast.walk(arg))
    if isinstance(node, ast.Subscript):  # a table read by name (a tally kept by name is fine)
        return isinstance(node.ctx, ast.Load) and _is_type_name(node.slice)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "get" and bool(node.args) and _is_type_name(node.args[0])
    return isinstance(node, ast.SetComp | ast.ListComp) and _is_type_name(node.elt)


def name_dispatches(source: str) -> list[int]:
    """The lines where a class's name decides something: compared, looked up in a
    table or collected to be looked up in, or turned into an attribute name."""
    return sorted({node.lineno for node in ast.walk(ast.parse(source)) if _decides(node)})


def test_the_detector_sees_each_way_of_deciding_by_name():
    code = ('if type(a).__name__ == "Market": pass\n'
            'h = getattr(self, f"_{type(e).__name__}", None)\n'
            'kinds = {type(a).__name__ for a in actions}\n'
            'f = TABLE.get(type(e).__name__)\n'
            'g = TABLE[e.__class__.__name__]\n'
            'print(f"{type(exc).__name__}: {exc}")\n'
            'seen[type(scene).__name__] += 1\n')
    assert name_dispatches(code) == [1, 2, 3, 4, 5]


def test_no_shipped_module_dispatches_on_a_class_name():
    found = [f"{path.relative_to(ROOT)}:{line}"
             for folder in ("game", "scenes") for path in sorted((ROOT / folder).rglob("*.py"))
             for line in name_dispatches(path.read_text(encoding="utf-8"))]
    assert found == []
