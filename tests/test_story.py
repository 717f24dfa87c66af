"""The story a table tells as it grows (present.Story) is, after every action of every
game, the story told of the whole deal at once: the server tells only the trick in play
again, and must never tell a line differently from the terminal's narration."""

from __future__ import annotations

import random

import pytest

from bezique.core.match import Match
from bezique.games import GAMES
from bezique.present import Seats, Story, view_for


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_story_told_as_it_grows_is_the_whole_deals_story(name: str) -> None:
    game = GAMES[name]()
    match = Match(game, seed=11)
    names = tuple(f"P{i}" for i in range(game.num_players))
    seats = Seats(-1, names)
    view = view_for(game)
    rng = random.Random(5)
    deal, story, steps = 0, None, 0
    while not match.is_over() and steps < 400:
        if len(match.deals) != deal:
            deal, story = len(match.deals), Story(view, seats)
        assert story is not None
        events = match.state.events()
        assert story.lines(events) == view.narrate(events, 0, seats), (name, steps)
        match.apply(rng.choice(match.state.legal_actions()))
        steps += 1
    assert steps > 20


def test_a_story_refuses_the_events_of_another_deal() -> None:
    game = GAMES["sixtysix"]()
    state = game.deal(0, seed=1)
    story = Story(view_for(game), Seats(-1, ("Ann", "Bob")))
    for _ in range(6):
        state.apply(state.legal_actions()[0])
        story.lines(state.events())
    with pytest.raises(ValueError, match="one deal"):
        story.lines(game.deal(1, seed=2).events())
