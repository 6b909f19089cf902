"""Sheet titles Excel takes, shared by the event's and the season's workbooks: the characters it refuses made
spaces, 31 characters at most, a second title of the same name (in any case) numbered."""

from common.spreadsheets import sheet_title


def test_a_title_excel_takes_and_unique_in_any_case():
    taken: set[str] = set()
    assert sheet_title("Kategorie Damen/Herren [A]", taken, blank="-") == "Kategorie Damen Herren  A"
    assert sheet_title("KATEGORIE DAMEN HERREN  A", taken, blank="-") == "KATEGORIE DAMEN HERREN  A (2)"
    long = "Kategorie " + "x" * 40
    assert sheet_title(long, taken, blank="-") == long[:31]
    assert sheet_title(long, taken, blank="-") == long[:27] + " (2)"
    assert sheet_title("[]:*?/\\", taken, blank="Blatt") == "Blatt"
    assert taken == {"kategorie damen herren  a", "kategorie damen herren  a (2)", long[:31].lower(),
                     (long[:27] + " (2)").lower(), "blatt"}
