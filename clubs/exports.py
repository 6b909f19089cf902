"""The registry's files to download: the members as JSON, CSV or XLSX (``members_file``) and one member's own data
as JSON (``member_data_file``), each an ``common.downloads.Export`` named in the page's language
(``mitglieder-skatclub.csv``)."""

import json

from django.utils.translation import pgettext

from clubs.members import member_data, members_export
from common.downloads import Export
from common.i18n import file_slug


def members_file(club, fmt: str) -> Export:
    """The club's members as ``fmt`` (one of ``clubs.members.FORMATS``)."""
    word = pgettext("download name", "members")  # outside the f-string, where makemessages finds it
    return Export(members_export(club, fmt), f"{file_slug(word)}-{club.slug}.{fmt}")


def member_data_file(member) -> Export:
    """Everything the registry holds of the member, his results included: his own copy of his data."""
    content = json.dumps(member_data(member), ensure_ascii=False, indent=1).encode()
    word = pgettext("download name", "member")
    return Export(content, f"{file_slug(word)}-{member.pk}.json")
