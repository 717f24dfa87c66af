"""Work that one client can cause (issue 15, section 2), each limit tried as an adversary
would: option values no game means, tables and search players opened by the dozen,
computer-only tables played to nobody, one client's search players holding up
another's, requests from another site's page, and a server stopped leaving its worker
processes behind."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from bezique.core.errors import OptionError
from bezique.games import GAMES, make_game
from bezique.server.app import create_app


def app_on(path: Path, **kw: Any) -> Any:
    kw.setdefault("computer_delay", 0.0)
    kw.setdefault("rate", 1000.0)
    return create_app(f"sqlite:///{path / 'tables.db'}", **kw)


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(app_on(tmp_path)) as c:
        yield c


# -- 1. every numeric option bounded to what its game means ----------------------------------

def _numeric_options() -> list[tuple[str, str, int, int]]:
    """``(game, option, least, most)`` for every whole-number option without choices."""
    out = []
    for name, cls in GAMES.items():
        for f in dataclasses.fields(cls.options_class):
            if (isinstance(f.default, int) and not isinstance(f.default, bool)
                    and not f.metadata.get("choices")):
                out.append((name, f.name, f.metadata["least"], f.metadata["most"]))
    return out


NUMERIC = _numeric_options()


def test_the_numeric_options_are_found_and_each_is_bounded() -> None:
    found = {(g, o) for g, o, _, _ in NUMERIC}
    assert {("sixtysix", "game_target"), ("rubicon", "series_deals"),
            ("chouette", "series_deals"), ("binocleauction", "deals")} <= found
    for game, opt, least, most in NUMERIC:
        assert least <= GAMES[game].options_class().to_mapping()[opt] <= most
        assert most <= 100, f"{game} {opt}: up to {most}"


def _out_of_range(least: int, most: int) -> list[int]:
    return [least - 1, most + 1, 99999999999999999999]


@pytest.mark.parametrize("game,opt,least,most", NUMERIC)
def test_make_game_refuses_an_option_out_of_its_range(game: str, opt: str, least: int,
                                                      most: int) -> None:
    for value in _out_of_range(least, most):
        for given in (value, str(value)):
            with pytest.raises(OptionError) as err:
                make_game(game, {opt: given})
            words = str(err.value)
            assert f"option {opt} takes a whole number from {least} to {most}" in words
            assert str(value) in words
    make_game(game, {opt: least})
    if opt != "box":  # the box is a seat of the table's players (4 by default)
        make_game(game, {opt: most})


@pytest.mark.parametrize("game,opt,least,most", NUMERIC)
def test_the_server_refuses_an_option_out_of_its_range(client: TestClient, game: str,
                                                       opt: str, least: int,
                                                       most: int) -> None:
    seats = [{"kind": "random"}] * make_game(game).num_players
    for value in _out_of_range(least, most):
        r = client.post("/api/tables", json={"game": game, "options": {opt: value},
                                             "seats": seats})
        assert r.status_code == 400, r.text
        error = r.json()["error"]
        assert re.search(rf"option {opt} takes a whole number from {least} to {most},"
                         rf" not '?{value}'?", error), error


def test_the_lobby_lists_each_numeric_options_range(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    for game, opt, least, most in NUMERIC:
        row = next(o for o in games[game]["options"] if o["name"] == opt)
        assert row["allowed"] == f"a whole number from {least} to {most}"


def test_an_unbounded_whole_number_option_cannot_be_declared() -> None:
    from bezique.core.game import option
    with pytest.raises(TypeError, match="least and most"):
        option(7, None, "Game points that win.")
