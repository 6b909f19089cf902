"""The members registry on a phone (360 px wide): import a list with its preview, find a member, forget him."""

import pytest

from clubs.models import Club, Member
from tests.roles import grant

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "director-password-1907"
PHONE = {"width": 360, "height": 740}
LIST = ("name,club,number,categories,guest,public\nHans Müller,SC West,4711,\"Senioren, Damen\",no,yes\n"
        "Eva Gast,SC Ost,,,ja,nein\n")


def _fits_and_finger_sized(page, selector: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], page.url
    for target in page.locator(selector).all():
        if target.is_visible():
            assert target.bounding_box()["height"] >= 44, (page.url, target.inner_text())


def test_director_on_a_phone_imports_finds_and_forgets_a_member(browser, live_server, django_user_model, tmp_path):
    club = Club.objects.create(slug="west", name="SC West")
    grant(django_user_model.objects.create_user("director", password=PASSWORD), "director", club)
    members = f"{live_server.url}/club/west/members/"
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/accounts/login/?next=/club/west/members/")
        page.fill("#id_username", "director")
        page.fill("#id_password", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(members)
        _fits_and_finger_sized(page, "main .button, main button, main input[type=search], .registry .tabs a")

        page.click("a.button:has-text(\"Import a list\")")
        page.wait_for_url(members + "import/")
        upload = tmp_path / "members.csv"
        upload.write_text(LIST)
        page.set_input_files("input[type=file]", str(upload))
        page.click("text=Show the preview")
        page.locator("text=Nothing is written until you confirm").wait_for()
        assert not Member.objects.exists()
        _fits_and_finger_sized(page, "main .button, main button")
        page.click("text=Import these members")
        page.wait_for_url(members)
        page.locator("text=Imported 2 rows").wait_for()

        page.fill("input[name=q]", "müll")
        page.click("main button[type=submit]")
        page.click("text=Hans Müller")
        page.locator("text=Events played").wait_for()
        _fits_and_finger_sized(page, "main .button, main button")
        page.click("text=Forget this member")
        page.click("text=Forget Hans Müller")
        page.wait_for_url(members)
        assert list(Member.objects.values_list("name", flat=True)) == ["Eva Gast"]
    finally:
        context.close()
