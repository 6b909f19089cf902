"""The engine is plain Python: importing it must not import Django."""

import re
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[3] / "scoring" / "engine"


def test_engine_import_leaves_django_out_of_sys_modules():
    code = "import sys, scoring.engine; print(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ENGINE.parents[1], env={"PATH": ""})
    assert out.stdout.strip() == "False"


def test_engine_sources_never_import_django():
    imports_django = re.compile(r"^\s*(from|import)\s+django\b", re.MULTILINE)
    offenders = [p.name for p in ENGINE.glob("*.py") if imports_django.search(p.read_text())]
    assert offenders == []
