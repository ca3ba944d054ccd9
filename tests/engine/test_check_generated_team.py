"""``scripts/check_generated.py --systems team``: the Swiss team system (C.04.6) in the acceptance
script, through the same tally as the individual systems, its generator (``--team -g``) and its
checker (``--team -c``: every round re-paired, the 310 points)."""

import pytest

import scripts.check_generated as script
from pairing.engine.errors import NoValidPairing
from pairing.engine.systems.team.generator import CODES, TeamConfig, generate_team
from scripts.check_generated import Task, build_parser, editions_of, run_edition, team_config_for

TEAM_TASK = Task("team", "2026", "small", None, None)


def test_five_seeds_generated_and_checked_clean():
    tally = run_edition(TEAM_TASK, range(1, 6))
    assert (tally.generated, tally.failed, tally.discrepancies, tally.seeds) == (5, {}, {}, [[1, 5]])
    # every round of every tournament counted: the rounds each seed drew (all fit: at most teams - 1)
    assert tally.rounds == sum(team_config_for(seed, "small").rounds for seed in range(1, 6))


def test_the_fide_ranges_draw_team_events_of_every_size_and_code():
    configs = [team_config_for(seed, "fide") for seed in range(1, 301)]
    assert all(8 <= c.teams <= 200 and 5 <= c.rounds <= min(11, c.teams - 1) and 4 <= c.boards <= 6
               for c in configs)
    assert {c.code for c in configs} == set(CODES)
    assert min(c.teams for c in configs) < 20 and max(c.teams for c in configs) > 180
    assert any(c.absent_percentage and c.match_forfeit_percentage and c.board_forfeit_percentage for c in configs)
    assert team_config_for(7, "bbp") == TeamConfig()  # the team generator's own defaults
    assert team_config_for(7, "fide") == team_config_for(7, "fide")


def _tampered(monkeypatch, tamper):
    monkeypatch.setattr(script, "generate_team", lambda config, seed: tamper(generate_team(config, seed)))


def _310_match_points_of_team_1_plus_one(text: str) -> str:
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("310   1 "))
    lines[at] = lines[at][:54] + f"{float(lines[at][54:60]) + 1:6.1f}" + lines[at][60:]
    return "\n".join(lines)


def test_a_wrong_310_score_is_a_discrepancy(monkeypatch):
    _tampered(monkeypatch, _310_match_points_of_team_1_plus_one)
    tally = run_edition(TEAM_TASK, range(3, 4))
    assert (tally.generated, tally.failed) == (1, {})
    [line] = tally.discrepancies["3"]
    assert "team 1 (line" in line and "MP" in line and "in 310" in line


def test_a_file_paired_by_another_score_order_is_a_discrepancy(monkeypatch):
    """Paired by match points first, labelled game points first (record 192): the checker
    re-pairs by game points (C.04.6 1.3) and finds rounds that differ."""
    monkeypatch.setattr(script, "team_config_for", lambda seed, ranges: TeamConfig(
        teams=16, rounds=7, boards=4, draw_percentage=30, code="FIDE_TEAM_TYPEA_MP_GP"))
    _tampered(monkeypatch, lambda text: text.replace("192 FIDE_TEAM_TYPEA_MP_GP", "192 FIDE_TEAM_TYPEA_GP_MP"))
    tally = run_edition(TEAM_TASK, range(1, 3))
    assert (tally.generated, tally.failed) == (2, {})
    assert sorted(tally.discrepancies) == ["1", "2"]
    assert all(line.startswith("(FIDE_TEAM_TYPEA_GP_MP) Round ") for found in tally.discrepancies.values()
               for line in found)


def test_a_generation_that_gives_up_is_counted_as_failed(monkeypatch):
    def gives_up(config, seed):
        raise NoValidPairing(f"seed {seed}: no tournament with a legal pairing in every round in 20 attempts")
    monkeypatch.setattr(script, "generate_team", gives_up)
    tally = run_edition(TEAM_TASK, range(4, 6))
    assert (tally.generated, tally.rounds, tally.discrepancies) == (0, 0, {})
    assert tally.failed == {"4": "seed 4: no tournament with a legal pairing in every round in 20 attempts",
                            "5": "seed 5: no tournament with a legal pairing in every round in 20 attempts"}


def _pairs(argv):
    parser = build_parser()
    return script.editions_to_run(parser, parser.parse_args(argv))


def test_team_is_in_the_default_list_in_its_one_edition():
    assert editions_of("team") == ["2026"]
    assert ("team", "2026") in _pairs([])
    assert _pairs(["--systems", "team", "--editions", "2026"]) == [("team", "2026")]
    assert ("dutch", "2026") in _pairs(["--editions", "2026"])


@pytest.mark.parametrize("option", ["--generator", "--checker"])
def test_another_program_is_refused_for_team_and_team_left_out_by_default(option, capsys):
    with pytest.raises(SystemExit) as stop:
        _pairs(["--systems", "dutch,team", option, "javafo"])
    assert stop.value.code == 2
    assert "no other program's team command line is known" in capsys.readouterr().err
    pairs = _pairs([option, "javafo"])
    assert pairs and all(system != "team" for system, _ in pairs)


def test_the_command_line_prints_the_team_row(capsys):
    assert script.main(["--systems", "team", "--count", "2", "--first", "8"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[:3] == ["team", "2026", "2"]
    assert out[1].split()[4:6] == ["0", "0"]
