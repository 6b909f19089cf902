"""The package stays pure: no Django, no hidden randomness, a vocabulary docstring in every module."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[3]
MODULES = sorted((PROJECT / "seating" / "movements").glob("*.py"))


def test_movements_import_without_django():
    code = (
        "import sys, seating.movements, seating.movements.cli;"
        "assert not [name for name in sys.modules if name.split('.')[0] == 'django'], 'django imported'"
    )

    result = subprocess.run([sys.executable, "-c", code], cwd=PROJECT, capture_output=True, text=True, timeout=30)

    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_movement_module_imports_no_django(path):
    tree = ast.parse(path.read_text())

    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    imported += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not [name for name in imported if name.split(".")[0] == "django"]


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_movement_module_uses_only_a_passed_random_instance(path):
    tree = ast.parse(path.read_text())

    uses = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random"
    }
    assert uses <= {"Random"}
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module == "random"]


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_movement_module_starts_with_a_docstring(path):
    docstring = ast.get_docstring(ast.parse(path.read_text()))

    assert docstring
    if path.name not in {"__main__.py"}:
        assert "Vocabulary" in docstring
