"""The printouts: each PDF is a real PDF whose text names the players, boards and points the pages
show; a round's PDFs exist only once it is published; the QR code and the API root."""

import io
import itertools
import random
import re

import pytest
import segno
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from pairing.rounds.publish import publish_round
from tests.app.conftest import make_tournament, pair, play, request
from tournaments.fronts.public import printouts
from tournaments.fronts.templatetags.chess import points
from tournaments.models import Player, Result
from tournaments.queries.standings import crosstable
from tournaments.services.players import set_absence, withdraw_player
from tournaments.services.results import enter_result


@pytest.fixture
def event(club):
    """Three rounds played, a fourth drafted (not published).  Seven players: a bye every round.
    One name outside Latin-1."""
    tournament = make_tournament(club, players=7, rounds=5)
    Player.objects.filter(tournament=tournament, pairing_number=7).update(name="Łukasiewicz, Žofie")
    rng = random.Random(5)
    for _ in range(3):
        play(pair(tournament), rng)
    draft = request(tournament)
    assert draft.status == "draft"
    return tournament


def pdf_text(response) -> str:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("attachment; filename=")
    content = b"".join(response.streaming_content) if response.streaming else response.content
    assert content.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(content))
    return "\n".join(page.extract_text() for page in reader.pages)


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_board_list_has_both_players_ratings_points_and_the_bye(event):
    round_ = event.round_set.get(number=3)
    text = pdf_text(Client().get(reverse("public:boards_pdf", args=[event.slug, 3])))
    assert "Round 3: board list" in text
    before = {row.player.pairing_number: row.points for row in crosstable(event, 2)}  # after round 2
    assert sum(before.values()) == 2 * 4 * 10  # 3 games and the bye, twice: 4 points a round
    for game in round_.games.select_related("white", "black"):
        line = next(line for line in text.splitlines() if squeeze(line).startswith(f"{game.board} "))
        line = squeeze(line)
        white = game.white
        assert f"{game.board} {white.pairing_number} {white} {white.rating} {points(before[white.pairing_number])}" \
            in line, line
        if game.black is None:
            assert "bye (1 pt)" in line
        else:
            black = game.black
            assert f"{points(before[black.pairing_number])} {black.rating} {black} {black.pairing_number}" in line


@pytest.fixture
def absences(club):
    """Six players, round 1 drawn on every board; in round 2 #3 takes a half-point bye, #4 a
    zero-point bye and #5 has withdrawn: #1, #2 and #6 are left, one board and the PAB."""
    tournament = make_tournament(club, players=6, rounds=4)
    for game in pair(tournament).games.all():
        enter_result(game, Result.DRAW)
    players = {p.pairing_number: p for p in tournament.players.all()}
    set_absence(players[3], 2, "H")
    set_absence(players[4], 2, "Z")
    withdraw_player(players[5], 2)
    pair(tournament)
    return tournament, players


def test_board_list_and_pairing_list_name_who_is_not_paired(absences):
    """As the page's board list: a half-point bye, a zero-point bye and a withdrawal, each with the
    points before the round (½ after a draw) and what the round scores."""
    tournament, players = absences
    text = squeeze(pdf_text(Client().get(reverse("public:boards_pdf", args=[tournament.slug, 2]))))
    assert "Round 2: board list" in text
    listed = text[text.index("Not paired in this round"):]
    assert "No. Player Rtg Pts Why Scores" in listed
    assert f"3 {players[3]} 2326 ½ Half-point bye ½" in listed
    assert f"4 {players[4]} 2289 ½ Zero-point bye 0" in listed
    assert f"5 {players[5]} 2252 ½ Withdrawn 0" in listed
    assert str(players[1]) not in listed and str(players[6]) not in listed  # on a board, or the PAB
    assert "bye (1 pt)" in text
    italian = squeeze(pdf_text(Client().get(reverse("public:boards_pdf", args=[tournament.slug, 2]),
                                            HTTP_ACCEPT_LANGUAGE="it")))
    assert f"Non abbinati in questo turno N. Giocatore Elo Pti Motivo Punti 3 {players[3]} 2326 ½ Bye da mezzo " \
           f"punto ½" in italian
    # Pairings by name: each of them under his own name, in the alphabetical order.
    text = squeeze(pdf_text(Client().get(reverse("public:names_pdf", args=[tournament.slug, 2]))))
    assert f"{players[3]} 3 Half-point bye {players[4]} 4 Zero-point bye {players[5]} 5 Withdrawn" in text


def test_printed_board_list_carries_the_qr_code_of_the_tournament_page(event):
    """The squares drawn at the top of the board list's first page are the QR code (segno's matrix)
    of the tournament's public address."""
    content = Client().get(reverse("public:boards_pdf", args=[event.slug, 3])).content
    stream = PdfReader(io.BytesIO(content)).pages[0].get_contents().get_data().decode("latin-1")
    squares = [(float(x), float(y)) for x, y, w, h in re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) -([\d.]+) re f", stream)
               if w == h]
    assert squares
    step = min(b[0] - a[0] for a, b in itertools.pairwise(squares) if b[1] == a[1] and b[0] > a[0])
    left, top = min(x for x, _y in squares), max(y for _x, y in squares)
    drawn = {(round((top - y) / step), round((x - left) / step)) for x, y in squares}
    matrix = segno.make(f"http://testserver{event.get_absolute_url()}", error="m", micro=False).matrix
    dark = {(row, column) for row, line in enumerate(matrix) for column, cell in enumerate(line) if cell}
    # The code's own coordinates: its top row and left column always hold a finder pattern's edge.
    assert drawn == dark


def test_pairing_list_is_alphabetical_with_board_colour_and_opponent(event):
    round_ = event.round_set.get(number=3)
    lines = pdf_text(Client().get(reverse("public:names_pdf", args=[event.slug, 3]))).splitlines()
    text = squeeze(" ".join(lines))
    assert "Round 3: pairings by name" in text
    names = [str(p) for p in event.players.all()]
    listed = [name for line in lines for name in names if line.startswith(name + " ")]
    assert listed == sorted(names, key=str.casefold)
    for game in round_.games.exclude(black=None).select_related("white", "black"):
        assert f"{game.white} {game.white.pairing_number} {game.board} White {game.black} " \
               f"({game.black.pairing_number})" in text
        assert f"{game.black} {game.black.pairing_number} {game.board} Black {game.white} " \
               f"({game.white.pairing_number})" in text
    assert "Łukasiewicz, Žofie" in text


def test_result_slips_one_per_board(event):
    round_ = event.round_set.get(number=3)
    text = pdf_text(Client().get(reverse("public:slips_pdf", args=[event.slug, 3])))
    played = list(round_.games.exclude(black=None).select_related("white", "black"))
    assert text.count("Signature") == 2 * len(played)
    for game in played:
        assert f"Round 3 · Board {game.board}" in text
        assert f"{game.white.pairing_number}. {game.white}" in text
        assert f"{game.black.pairing_number}. {game.black}" in text


def test_standings_and_crosstable(event):
    rows = crosstable(event, 3)
    text = squeeze(pdf_text(Client().get(reverse("public:standings_pdf", args=[event.slug]))))
    assert "Standings after round 3" in text
    for row in rows:
        assert f"{row.rank} {row.player.pairing_number} {row.player}" in text
    after_one = squeeze(pdf_text(Client().get(reverse("public:standings_pdf", args=[event.slug]) + "?after=1")))
    assert "Standings after round 1" in after_one

    response = Client().get(reverse("public:crosstable_pdf", args=[event.slug]))
    text = squeeze(pdf_text(response))
    reader = PdfReader(io.BytesIO(response.content))
    page = reader.pages[0]
    assert page.mediabox.width > page.mediabox.height  # landscape
    assert "Crosstable after round 3" in text
    for row in rows:
        cells = " ".join(cell.text for cell in row.cells)
        assert f"{row.player} {row.player.rating} {cells} {points(row.points)}" in text


def test_no_pdf_of_an_unpublished_round_nor_of_standings_before_any_round(event, club):
    client = Client()
    assert client.get(reverse("public:boards_pdf", args=[event.slug, 4])).status_code == 404  # draft
    for name in ("boards_pdf", "names_pdf", "slips_pdf"):
        assert client.get(reverse(f"public:{name}", args=[event.slug, 5])).status_code == 404
    assert client.get(reverse("public:standings_pdf", args=[event.slug]) + "?after=4").status_code == 404
    fresh = make_tournament(club, players=4, rounds=3, name="Fresh")
    assert client.get(reverse("public:standings_pdf", args=[fresh.slug])).status_code == 404
    assert client.get(reverse("public:crosstable_pdf", args=[fresh.slug])).status_code == 404


def test_pdfs_are_made_once_per_revision(event, arbiter, django_assert_max_num_queries):
    url = reverse("public:crosstable_pdf", args=[event.slug])
    first = Client().get(url)
    with django_assert_max_num_queries(1):
        again = Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    # An arbiter (his own pages): the PDF from the cache, made once for this revision.
    client = Client()
    client.force_login(arbiter)
    with django_assert_max_num_queries(4):  # the session, the user, the tournament, completed rounds
        own = client.get(url)
    assert own.content == first.content
    # A result corrected: a new revision, a new PDF.
    game = event.round_set.get(number=3).games.exclude(black=None).first()
    enter_result(game, "0-1" if game.result != "0-1" else "1-0", confirm=True)
    assert Client().get(url)["ETag"] != first["ETag"]


def test_public_pages_link_their_pdfs_and_the_qr_code(event):
    client = Client()
    slug = event.slug
    page = client.get(reverse("public:round", args=[slug, 3])).content.decode()
    for name in ("boards_pdf", "names_pdf", "slips_pdf"):
        assert f'href="{reverse(f"public:{name}", args=[slug, 3])}"' in page
    standings = client.get(reverse("public:standings", args=[slug]) + "?after=1").content.decode()
    assert f'href="{reverse("public:standings_pdf", args=[slug])}?after=1"' in standings
    cross = client.get(reverse("public:crosstable", args=[slug])).content.decode()
    assert f'href="{reverse("public:crosstable_pdf", args=[slug])}"' in cross
    home = client.get(reverse("public:tournament", args=[slug])).content.decode()
    assert f'src="{reverse("public:qr", args=[slug])}"' in home
    url = f"http://testserver{event.get_absolute_url()}"
    assert f'<meta property="og:url" content="{url}">' in home
    assert f'<meta property="og:title" content="{event}">' in home
    assert 'value="' + url + '"' in home  # the link to copy
    assert "<script" in home and "share.js" in home

    svg = client.get(reverse("public:qr", args=[slug]))
    assert svg["Content-Type"] == "image/svg+xml"
    assert svg.content.startswith(b"<svg") and b"style=" not in svg.content
    assert url.encode() in svg.content  # its title
    assert b'xmlns="http://www.w3.org/2000/svg"' in svg.content
    # The code encodes the address: segno's matrix for the address, drawn as the SVG's path.
    assert printouts.qr_svg(url).encode() == svg.content


def test_api_root_links_every_endpoint_and_the_docs(event):
    response = Client().get("/api/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    body = response.json()
    assert body["tournaments"] == "http://testserver/api/tournaments/"
    assert body["schema"] == "http://testserver/api/schema/"
    assert body["docs"] == "http://testserver/api/docs/"
    for name in ("tournament", "players", "rounds", "round", "standings", "crosstable", "pair", "result",
                 "explanation", "arbiter_explanation", "manual_changes"):
        assert body["per_tournament"][name].startswith("http://testserver/api/tournaments/{slug}/")
    assert body["per_tournament"]["manual_changes"].endswith("/rounds/{number}/manual-changes/")
    assert body["per_tournament"]["result"].endswith("/rounds/{number}/boards/{board}/result/")
    assert body["event"] == "http://testserver/api/events/{event}/"
    assert body["my_board"] == "http://testserver/api/me/entries/{entry}/board/"
    # Every endpoint of the API is there (docs/api.md: "/api/ lists every endpoint").
    from django.urls import get_resolver
    listed = [link for link in [*body.values(), *body["per_tournament"].values()] if isinstance(link, str)]
    resolver = get_resolver()
    names = {name for name in resolver.namespace_dict["api"][1].reverse_dict if isinstance(name, str)}
    found = {resolver.resolve(link.replace("http://testserver", "").replace("{slug}", "s").replace(
        "{event}", "e").replace("{number}", "1").replace("{board}", "1").replace("{entry}", "1")).url_name
        for link in listed if "/api/schema/" not in link and "/api/docs/" not in link}
    assert names - {"root"} <= found, names - found
    assert Client().get(body["docs"]).status_code == 200
    assert Client().get(body["tournaments"], HTTP_ACCEPT="application/json").status_code == 200


def test_a_round_once_published(event):
    """The fourth round's PDFs appear once it is published."""
    round_ = event.round_set.get(number=4)
    publish_round(round_)
    text = pdf_text(Client().get(reverse("public:boards_pdf", args=[event.slug, 4])))
    assert "Round 4: board list" in text

