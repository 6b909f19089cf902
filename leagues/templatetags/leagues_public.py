"""``{% published_leagues %}``: the published leagues with links to each one's table, match days and teams, for the
home page (which lives in an app below the leagues and so reads them through this tag, not an import)."""

from django import template

from leagues.models import League

register = template.Library()


@register.inclusion_tag("leagues/_published.html")
def published_leagues():
    leagues = list(League.objects.filter(published=True).prefetch_related("teams", "days").order_by("name", "id"))
    return {"leagues": leagues}
