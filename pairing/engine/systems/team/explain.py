"""Why the team system paired a round so (``--team -p OUT --explain WHY.json``): the PAB and
its candidates (3.4), each bracket as paired (3.5, 3.6) and the colour rule of each match (4.3)."""

from __future__ import annotations

from ...trf import format_points
from .pairer import TeamPairing
from .state import TeamRoundState

BYE_TEXT = ("3.4: the PAB goes to the team that leaves a legal pairing for all, with the lowest score, "
            "the most matches played, the largest TPN; teams that had a PAB or won a match by forfeit "
            "may not have it ([C2])")


#: the quality criteria of 2.3: article and wording
CRITERIA = {
    "C6": ("2.3.3", "the following scoregroup is left needing more upfloaters than its parity"),
    "C7": ("2.3.4", "upfloaters that were floaters in the previous round"),
    "C8": ("2.3.5", "teams whose colour preference is not fulfilled"),
    "C9": ("2.3.6", "teams whose strong colour preference is not fulfilled"),
    "C10": ("2.3.7", "upfloaters' opponents that were floaters in the previous round"),
}


def explain_team(state: TeamRoundState, pairing: TeamPairing, names: dict[int, str] | None = None) -> dict:
    brackets = [{"score": b.score, "residents": list(b.residents), "upfloaters": list(b.upfloaters),
                 "pairs": [list(p) for p in b.pairs],
                 "criteria": [{"criterion": name, "article": CRITERIA[name][0], "text": CRITERIA[name][1],
                               "count": count} for name, count in b.criteria.items()]}
                for b in pairing.brackets]
    boards = [{"white": w, "black": b, "article": pairing.colour_articles[(w, b)]} for w, b in pairing.boards]
    return {"system": "team", "round": state.round_number, "colour_model": state.colour_model,
            "names": {str(tpn): name for tpn, name in sorted((names or {}).items())},
            "scores": {team.tpn: team.score for team in state.teams},
            "bye": pairing.bye, "bye_candidates": list(pairing.bye_candidates), "bye_article": BYE_TEXT,
            "bye_skipped": _skipped(pairing), "bye_barred": sorted(t.tpn for t in state.teams if t.bye_barred),
            "brackets": brackets, "boards": boards, "text": _text(pairing)}


def _skipped(pairing: TeamPairing) -> list[int]:
    """The teams before the PAB's in the order of 3.4.2-3.4.4 that would leave no legal pairing."""
    order = list(pairing.bye_candidates)
    return order[:order.index(pairing.bye)] if pairing.bye in order else []


def _text(pairing: TeamPairing) -> list[str]:
    lines = []
    if pairing.bye is not None:
        lines.append(f"Pairing-allocated bye: team {pairing.bye} (Article 3.4).")
        if skipped := _skipped(pairing):
            lines.append(f"Teams {', '.join(map(str, skipped))} come first by score, matches played and TPN "
                         "(3.4.2-3.4.4), but would leave no legal pairing for the others (3.4.1).")
    for bracket in pairing.brackets:
        line = f"Top scoregroup {format_points(bracket.score)}: teams {', '.join(map(str, bracket.residents))}"
        if bracket.upfloaters:
            line += f", with the upfloaters {', '.join(map(str, bracket.upfloaters))} (Article 3.5)"
        pairs = "; ".join(f"{w}-{b}" for w, b in bracket.pairs)
        lines.append(f"{line}; paired {pairs} (Article 3.6).")
        for name, count in bracket.criteria.items():
            article, text = CRITERIA[name]
            lines.append(f"[{name}] ({article}): {text}: {count}; no pairing of the bracket does better "
                         "without breaking a criterion before it.")
    for white, black in pairing.boards:
        lines.append(f"{white}-{black}: colours by Article {pairing.colour_articles[(white, black)]}.")
    return lines
