"""The projector's paging shared by the live board and the season board: settings clamped, never refused; pages
counted and cut by hand."""

from common.projector import clamped, next_page, page_count, page_of, paging_from_query, paging_query

ROWS = (15, 5, 60)
SECONDS = (12, 5, 300)


def test_a_setting_out_of_range_is_brought_into_it_and_a_bad_one_is_its_default():
    assert clamped(None, 15, 5, 60) == 15
    assert clamped("3", 15, 5, 60) == 5
    assert clamped("61", 15, 5, 60) == 60
    assert clamped("20", 15, 5, 60) == 20
    assert clamped("zwanzig", 15, 5, 60) == 15
    assert clamped("", 15, 5, 60) == 15


def test_the_settings_of_an_address():
    query = {"page": "0", "rows": "999", "seconds": "x", "lang": "de"}
    assert paging_from_query(query, rows=ROWS, seconds=SECONDS, languages={"de", "en"}) == {
        "page": 1, "rows": 60, "seconds": 12, "lang": "de"}
    assert paging_from_query({"lang": "xx"}, rows=ROWS, seconds=SECONDS, languages={"de", "en"}) == {
        "page": 1, "rows": 15, "seconds": 12, "lang": ""}


def test_the_address_keeps_its_order_and_names_a_language_only_when_chosen():
    assert paging_query({"page": 2, "rows": 15}, "") == "page=2&rows=15"
    assert paging_query({"page": 2, "rows": 15}, "de") == "page=2&rows=15&lang=de"


def test_pages_counted_and_cut():
    lines = list(range(31))  # 31 lines of 15: 15 + 15 + 1
    assert page_count(31, 15) == 3 and page_count(30, 15) == 2 and page_count(0, 15) == 1
    assert page_of(lines, 1, 15) == list(range(15))
    assert page_of(lines, 3, 15) == [30]
    assert [next_page(page, 3) for page in (1, 2, 3)] == [2, 3, 1]


def test_a_setting_in_other_digits_is_its_default():
    for text in ("²", "³", "٣", "1_0", " 20", "-3"):
        assert clamped(text, 15, 5, 60) == 15
