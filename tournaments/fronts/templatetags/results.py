"""The arbiter's round page: how many results are in."""

from django import template

from tournaments.queries.boards import ResultsIn, results_in

register = template.Library()


@register.simple_tag
def results_count(round_) -> ResultsIn:
    return results_in(round_)
