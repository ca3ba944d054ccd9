"""How the audit log shows the values before and after a change."""

from django import template
from django.utils.translation import gettext as _

register = template.Library()


@register.filter
def pairs(values) -> list[tuple[str, object]]:
    """A JSON object's items (``dict.items`` is not reachable from a template)."""
    if isinstance(values, dict):
        return [(str(name).replace("_", " "), value) for name, value in values.items()]
    return [("", values)]


@register.filter
def audit_value(value) -> str:
    if value is None or value == "":
        return "—"
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "—"
    return str(value)
