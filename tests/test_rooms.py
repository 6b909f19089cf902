"""No room becomes the house's attic: the biggest room holds at most 35 % of the product's Python lines.

The counting rule (``room_lines``):
    room      a top-level folder of the repository that is a Python package (it holds ``__init__.py``): the
              Django apps, ``common/`` and ``skat_tourney/``. ``tests/`` and ``bench/`` are not the product, and
              a hidden folder (``.venv``, ``.git``) is not a room.
    lines     every line of every ``.py`` file under the room, blank lines and comments too (as ``wc -l`` counts
              them), except the files under a ``migrations/`` folder (Django writes them, and they only grow).
    share     a room's lines over all the rooms' lines, in per cent.

The README's map quotes the shares; ``python -m tests.test_rooms`` prints them and the sentence to paste.
Every room must also be a root package of the import-linter contracts, so a new app cannot escape them.
"""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOT_PRODUCT = {"tests", "bench"}
BIGGEST_SHARE = 35.0
README_SLACK = 3.0
"""How far (in points) a share quoted in the README may drift before the map must be updated: other branches
add lines every day, and the map should not need a change for each of them."""


def rooms(root: Path = ROOT) -> list[str]:
    """The product's top-level packages, by name (the module doc's rule); the tests that read every source of the
    product (its messages, its patterns) take them from here, so a new app is never left out."""
    return [folder.name for folder in sorted(root.iterdir())
            if folder.is_dir() and not folder.name.startswith(".") and folder.name not in NOT_PRODUCT
            and (folder / "__init__.py").is_file()]


def room_lines(root: Path = ROOT) -> dict[str, int]:
    """Each room's Python lines, by the counting rule of the module doc."""
    return {name: sum(_lines(path) for path in sorted((root / name).rglob("*.py"))
                      if "migrations" not in path.relative_to(root / name).parts)
            for name in rooms(root)}


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n")


def shares(rooms: dict[str, int]) -> dict[str, float]:
    """Each room's share of all the rooms' lines, in per cent, biggest first."""
    total = sum(rooms.values())
    return {name: 100 * lines / total for name, lines in sorted(rooms.items(), key=lambda item: (-item[1], item[0]))}


def readme_sentence(rooms: dict[str, int]) -> str:
    """The README's quote of the shares, rounded to whole per cent."""
    return ", ".join(f"`{name}/` {share:.0f} %" for name, share in shares(rooms).items())


def test_room_lines_count_every_line_but_migrations(tmp_path):
    (tmp_path / "play" / "migrations").mkdir(parents=True)
    (tmp_path / "play" / "__init__.py").write_text('"""Doc."""\n\n')
    (tmp_path / "play" / "rules.py").write_text("# why\nA = 1\n\nB = 2\n")
    (tmp_path / "play" / "migrations" / "0001_initial.py").write_text("x = 1\n" * 50)
    (tmp_path / "play" / "notes.txt").write_text("not python\n" * 9)
    (tmp_path / "common").mkdir()
    (tmp_path / "common" / "__init__.py").write_text("a\nb\nc\n")
    for not_a_room in ("tests", "bench", ".venv", "docs"):  # docs/: no __init__.py
        (tmp_path / not_a_room).mkdir()
        (tmp_path / not_a_room / "big.py").write_text("x = 1\n" * 1000)
    (tmp_path / "tests" / "__init__.py").write_text("")
    (tmp_path / ".venv" / "__init__.py").write_text("")

    rooms = room_lines(tmp_path)

    assert rooms == {"common": 3, "play": 2 + 4}
    assert shares(rooms) == {"play": 100 * 6 / 9, "common": 100 * 3 / 9}
    assert readme_sentence(rooms) == "`play/` 67 %, `common/` 33 %"


def test_the_biggest_room_holds_at_most_35_percent_of_the_product():
    measured = shares(room_lines())
    biggest, share = next(iter(measured.items()))
    print("\n" + "\n".join(f"{name:14} {lines:6} lines {measured[name]:5.1f} %"
                           for name, lines in sorted(room_lines().items(), key=lambda item: -item[1])))
    assert share <= BIGGEST_SHARE, (f"{biggest}/ holds {share:.1f} % of the product's Python lines (at most "
                                    f"{BIGGEST_SHARE:.0f} %): move what is not {biggest} into a room of its own")


def test_every_room_is_held_by_the_import_contracts():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert sorted(room_lines()) == sorted(config["tool"]["importlinter"]["root_packages"])


def test_the_readme_map_quotes_every_room_s_share():
    rooms = room_lines()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quoted = {name: float(share) for name, share in re.findall(r"`([a-z_]+)/` (\d+) %", readme)}
    measured = shares(rooms)
    hint = f"update the README's map of the rooms' shares to: {readme_sentence(rooms)}"
    assert sorted(quoted) == sorted(measured), hint
    assert all(abs(quoted[name] - measured[name]) <= README_SLACK for name in measured), hint


if __name__ == "__main__":
    for name, share in shares(room_lines()).items():
        print(f"{name:14} {share:5.1f} %")
    print(readme_sentence(room_lines()))
