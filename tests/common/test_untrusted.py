"""``common.untrusted``: JSON a person sends is measured before Python's parser reads it. Any text within the bounds
reads as ``json.loads`` reads it; any other is refused with a ``UserError`` naming the field, never with the parser's
``RecursionError`` or ``ValueError``."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from common.errors import UserError
from common.untrusted import MOST_NUMBER_CHARACTERS, json_file, json_text


def refused(text: str, **bounds) -> UserError:
    with pytest.raises(UserError) as error:
        json_text(text, field="rules", most_characters=bounds.pop("most_characters", 10**6), **bounds)
    return error.value


def test_the_hostile_texts_python_fails_on_are_refused_naming_the_field():
    deep = refused("[" * 50_000 + "]" * 50_000)
    assert deep.field == "rules" and "nested more than 32" in deep.message
    long = refused('{"best": ' + "9" * 5_000 + "}")
    assert long.field == "best" and "not one of 5,000" in long.message
    prizes = refused('{"score": "total", "prizes": ' + "[" * 3_000 + "]" * 3_000 + "}", most_depth=3)
    assert prizes.field == "prizes" and "(at prizes[0][0])" in prizes.message
    unclosed = refused('{"a": [1, 2, {"b": ' + "[" * 5_000)
    assert unclosed.field == "a" and "(at a[2].b[0][0]" in unclosed.message
    assert refused('{"x": [NaN]}').message.endswith("(at x[0])") and refused('[-Infinity]').message.startswith("-Infinity")
    assert "not 11" in refused('{"a": "bc"}', most_characters=10).message
    assert "line 1, column 2" in refused("{best: 3}").message


def test_brackets_and_digits_inside_strings_do_not_count():
    text = json.dumps({"name": "[" * 100 + "9" * 100, "list": [[["ok"]]]})
    assert json_text(text, field="x", most_characters=10_000, most_depth=4)["list"] == [[["ok"]]]
    assert json_text(r'{"a\"[[[": "\\"}', field="x", most_characters=100, most_depth=1) == {'a"[[[': "\\"}


def test_a_file_is_read_no_further_than_its_bound(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b"[" + b"1, " * 10_000 + b"1]")
    with pytest.raises(UserError, match="larger than 1,000 bytes"):
        json_file(path, field="rules", most_bytes=1_000)
    path.write_bytes(b"\xff{}")
    with pytest.raises(UserError, match="not UTF-8"):
        json_file(path, field="rules", most_bytes=1_000)
    path.write_bytes('\ufeff{"ä": 1}'.encode())
    assert json_file(path, field="rules", most_bytes=1_000) == {"ä": 1}


def _depth(value) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False,
                                                                                          allow_infinity=False)
                    | st.text(), lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner,
                                                                                            max_size=3),
                    max_leaves=20)


@pytest.mark.slow
@settings(max_examples=300)
@given(value=JSON, most_depth=st.integers(1, 6))
def test_a_value_within_the_bounds_reads_as_json_reads_it_and_any_other_is_refused(value, most_depth):
    text = json.dumps(value)
    try:
        read = json_text(text, field="x", most_characters=10_000, most_depth=most_depth)
    except UserError as error:
        assert _depth(value) > most_depth or len(text) > 10_000, error.message
    else:
        assert read == json.loads(text) and _depth(value) <= most_depth


PIECES = st.sampled_from(["[", "]", "{", "}", ",", ":", '"a"', '"', "\\", "1", "-", ".", "e", "9" * 50, "NaN",
                          "Infinity", "true", "null", " ", "\n", "é", "\x00"])


@settings(max_examples=500)
@given(text=st.one_of(st.lists(PIECES, max_size=60).map("".join), st.text(max_size=80)))
def test_any_text_is_a_value_or_a_refusal_naming_a_field(text):
    try:
        json_text(text, field="x", most_characters=200, most_depth=3)
    except UserError as error:
        assert error.field and error.message
    else:
        long_numbers = [piece for piece in text.split() if len(piece) > MOST_NUMBER_CHARACTERS]
        assert not any(piece.isdigit() for piece in long_numbers)
