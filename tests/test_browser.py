"""The table server in a real browser: `bezique serve` run as a subprocess on a SQLite file,
its pages driven by Debian's chromium through Playwright (tests/conftest.py).

A table made in the lobby is played by clicks to the end of a deal against the computer;
two people play each other from two browsers; a tab closed and opened again, and a server
killed with SIGKILL and started again, find the table where it was; a spectator is shown
no hidden card. A whole deal of every game is played by clicks at a desktop's size and at
a phone's, checking that the table fits the window, that the status line is in view,
that every card face up in the page is one the seat's board shows, and that the end of
the deal is shown in a panel. With BEZIQUE_SCREENSHOTS=1 each
game's table is also photographed for the docs (docs/screenshots/).

The pages are read from their DOM (the board's cards, the buttons, the score sheet); the
view the page holds (the first view, the updates applied), whose `seq` the page does not
print, is rebuilt by a spy on the page's WebSocket (an init script), which also records
the acknowledgements.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import conftest
import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "docs" / "screenshots"
WAIT_MS = 20_000  # the longest any single wait for the page may take (a slow, shared machine)

# Records what the page's WebSocket receives: the latest view, the acks and the errors.
SPY = """
(() => {
  const Native = window.WebSocket;
  const spy = { last: null, views: 0, updates: 0, acks: [], errors: [], opened: 0 };
  window.__bz = spy;
  class Spied extends Native {
    constructor(...args) {
      super(...args);
      spy.opened += 1;
      this.addEventListener("message", (event) => {
        let m = null;
        try { m = JSON.parse(event.data); } catch { return; }
        if (!m || typeof m !== "object") return;
        if (m.type === "view") { spy.last = m; spy.views += 1; }
        else if (m.type === "update" && spy.last) {
          const v = { ...spy.last };
          for (const [k, x] of Object.entries(m)) {
            if (k !== "type" && k !== "story" && k !== "story_from") v[k] = x;
          }
          if (Number.isInteger(m.story_from)) {
            v.story = (v.story || []).slice(0, m.story_from).concat(m.story || []);
          }
          spy.last = v;
          spy.updates += 1;
          if (Number.isInteger(m.ack)) spy.acks.push(m.ack);
        }
        else if (m.type === "error") spy.errors.push(m.message);
      });
    }
  }
  window.WebSocket = Spied;
})();
"""

# The page can act now (an enabled choice), or the deal `deal` is over (a later deal drawn).
READY = """([deal]) => {
  const last = window.__bz.last;
  if (last && last.deal !== deal) return "next-deal";
  if (document.querySelector("#over:not([hidden])")) return "over";
  if (document.querySelector("#actions button.choice:not([disabled])")) return "act";
  return false;
}"""


# -- helpers ----------------------------------------------------------------------------------

def api(url: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def new_table(url: str, game: str, seats: list[dict[str, str]]) -> dict[str, Any]:
    answer: dict[str, Any] = api(url, "/api/tables", {"game": game, "seats": seats})
    return answer


def serve_args(tmp_path: Path, delay: str = "0") -> list[str]:
    return ["--database", f"sqlite:///{tmp_path / 'tables.db'}", "--computer-delay", delay]


def spied(page: Page) -> dict[str, Any]:
    """The spy's record: the view the page holds (``last``), how many views and updates
    came, the acks and errors."""
    out: dict[str, Any] = page.evaluate(
        "() => { const s = window.__bz; return {last: s.last, views: s.views,"
        " updates: s.updates, acks: s.acks, errors: s.errors, opened: s.opened}; }")
    return out


def seq_of(page: Page) -> int:
    last = spied(page)["last"]
    assert last is not None, "the page has had no view"
    return int(last["seq"])


def wait_seq(page: Page, at_least: int) -> None:
    page.wait_for_function("(n) => window.__bz.last && window.__bz.last.seq >= n", arg=at_least,
                           timeout=WAIT_MS)


def wait_ready(page: Page, deal: int = 1) -> str:
    """Wait until the page may act or deal ``deal`` is over: "act", "next-deal", "over"."""
    handle = page.wait_for_function(READY, arg=[deal], timeout=WAIT_MS)
    state = handle.json_value()
    assert isinstance(state, str)
    return state


def cards(page: Page) -> list[tuple[str | None, str, str | None]]:
    """(card or None face down, data-place, data-seat) of every card on the board."""
    found: list[Any] = page.eval_on_selector_all(
        "#board .card",
        "els => els.map(e => [e.dataset.card ?? null, e.dataset.place ?? '',"
        " e.dataset.seat ?? null])")
    return [tuple(c) for c in found]  # type: ignore[misc]


def hand(page: Page) -> list[str]:
    return [c for c, place, _ in cards(page) if place == "hand" and c]


def events(page: Page) -> list[str]:
    return page.eval_on_selector_all("#events li", "els => els.map(e => e.textContent)")


def dismiss_deal_end(page: Page) -> None:
    """Close the end-of-deal panel if it is shown."""
    if page.locator("#deal-end").is_visible():
        page.click("#deal-end-next")
        page.locator("#deal-end").wait_for(state="hidden")


def click_first(page: Page, *, card: bool) -> None:
    """Take the first choice: by clicking the first playable card of the board when
    ``card`` and there is one (or no button is shown: a phone shows the cards alone),
    else the first choice's button shown."""
    dismiss_deal_end(page)
    cards_ = page.locator("#board .card.playable")
    buttons = page.locator("#actions button.choice:not([disabled]):visible")
    if cards_.count() and (card or not buttons.count()):
        cards_.first.click()
    else:
        buttons.first.click()


def act(page: Page, *, card: bool = True, deal: int = 1) -> str:
    """On a page that may act: take the first choice, wait until the server has answered
    (an ack and the view after it), then until the page may act again or the deal is
    over; that state is returned."""
    before = seq_of(page)
    acks = len(spied(page)["acks"])
    click_first(page, card=card)
    page.wait_for_function("(n) => window.__bz.acks.length > n", arg=acks, timeout=WAIT_MS)
    wait_seq(page, before + 1)
    return wait_ready(page, deal)


def play(page: Page, moves: int) -> None:
    """``moves`` of the page's turns against the computer, cards and buttons in turn."""
    assert wait_ready(page) == "act"
    for i in range(moves):
        assert act(page, card=i % 2 == 0) == "act", "the deal ended too soon for this test"


@pytest.fixture
def contexts(chromium_browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """``contexts(**options)``: a new browser context (own storage) with the spy, closed
    at the end of the test."""
    made: list[BrowserContext] = []

    def make(**options: Any) -> BrowserContext:
        context = chromium_browser.new_context(**options)
        context.set_default_timeout(WAIT_MS)
        context.add_init_script(SPY)
        made.append(context)
        return context

    try:
        yield make
    finally:
        for context in made:
            context.close()


def open_page(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__bz && window.__bz.last", timeout=WAIT_MS)
    return page


# -- tests ----------------------------------------------------------------------------------

def test_a_whole_bezique_deal_against_the_computer_by_clicks(
        start_server: conftest.StartServer, contexts: Callable[..., BrowserContext],
        tmp_path: Path) -> None:
    url, _ = start_server(serve_args(tmp_path))
    page = contexts().new_page()
    page.goto(url + "/")
    # the lobby: Bézique, seat 0 a person, seat 1 the rule-based computer
    page.locator('#game option[value="bezique"]').wait_for(state="attached")
    page.select_option("#game", "bezique")
    page.locator("#kind-1").wait_for()
    page.select_option("#kind-0", "human")
    page.fill("#name-0", "Ann")
    page.select_option("#kind-1", "rules")
    page.click("#create")
    page.locator("#created").wait_for(state="visible")
    assert "computer (rules)" in page.text_content("#created-seats")
    page.get_by_role("link", name="Sit at seat 0").click()
    page.wait_for_url("**/t/*?token=*")
    page.wait_for_function("() => window.__bz && window.__bz.last", timeout=WAIT_MS)
    assert page.text_content("#subtitle") == "You are Ann."
    assert page.text_content("#deal-no") == "Deal 1"
    assert page.locator("#sheet-box").is_hidden()
    commitment = page.text_content("#commitment")
    assert commitment and len(commitment) == 64

    state, moves, started = wait_ready(page), 0, time.monotonic()
    while state == "act":
        state = act(page, card=moves % 3 != 2)  # cards mostly, a button now and then
        moves += 1
        assert moves < 200 and time.monotonic() - started < 240, "the deal does not end"
    assert state == "next-deal"
    # the end of the deal in a panel: its last trick, what the points were made of
    page.locator("#deal-end").wait_for(state="visible")
    assert page.text_content("#deal-end-head") == "End of deal 1"
    assert page.locator("#deal-end-trick .card[data-card]").count() == 2
    assert page.locator("#deal-end-rows tr.totals").count() == 1
    page.keyboard.press("Escape")
    page.locator("#deal-end").wait_for(state="hidden")
    # the first deal is over: drawn on the sheet, its record revealed, the next one dealt
    assert page.text_content("#deal-no") == "Deal 2"
    page.locator("#sheet-box").wait_for(state="visible")
    first_row = page.locator("#sheet-rows tr").first
    assert first_row.locator("th").text_content() == "1"
    assert page.locator("#sheet-rows tr.totals").count() == 1
    assert page.get_by_role("link", name="Deal 1: its record").count() == 1
    assert page.text_content("#commitment") != commitment
    table_id = spied(page)["last"]["table"]
    record = api(url, f"/api/tables/{table_id}/deals/1")
    assert record["commitment"] == commitment
    assert len(record["actions"]) >= 64  # 32 tricks of two cards, and draws, declarations
    seated = [a for a in record["actions"] if a[0] == 0]
    assert len(seated) == moves, "every click of the page is in the deal's record"
    assert spied(page)["errors"] == []


def test_two_browsers_play_each_other_at_sixty_six(
        start_server: conftest.StartServer, contexts: Callable[..., BrowserContext],
        tmp_path: Path) -> None:
    url, _ = start_server(serve_args(tmp_path))
    t = new_table(url, "sixtysix", [{"kind": "human", "name": "Ann"},
                                    {"kind": "human", "name": "Bob"}])
    pages = [open_page(contexts(), url + t["seats"][s]["url"]) for s in (0, 1)]
    assert pages[0].text_content("#subtitle") == "You are Ann."
    assert pages[1].text_content("#subtitle") == "You are Bob."
    seq = 0
    for i in range(20):
        views = [spied(p)["last"] for p in pages]
        assert [v["seq"] for v in views] == [seq, seq]
        assert views[0]["to_move"] == views[1]["to_move"] is not None
        mover = views[0]["to_move"]
        idle = pages[1 - mover]
        assert views[mover]["your_turn"] and not views[1 - mover]["your_turn"]
        deal = views[mover]["deal"]
        wait_ready(pages[mover], deal)
        # the page whose turn it is not offers nothing to do, and says whom it waits for
        assert idle.locator("#actions button").count() == 0
        assert idle.locator("#board .card.playable").count() == 0
        name = views[mover]["players"][mover]["name"]
        assert idle.text_content("#status") == f"Waiting for {name}."
        assert pages[mover].text_content("#status") == "Your turn."
        # both pages draw the same public story and the same deal
        assert events(pages[0]) == events(pages[1])
        assert pages[0].text_content("#deal-no") == pages[1].text_content("#deal-no")
        click_first(pages[mover], card=i % 2 == 0)
        seq += 1
        for p in pages:
            wait_seq(p, seq)
    for p in pages:
        assert spied(p)["errors"] == []
    assert api(url, f"/api/tables/{t['table']}")["seq"] == seq


def test_a_tab_closed_and_opened_again_finds_the_same_position(
        start_server: conftest.StartServer, contexts: Callable[..., BrowserContext],
        tmp_path: Path) -> None:
    url, _ = start_server(serve_args(tmp_path))
    t = new_table(url, "bezique", [{"kind": "human", "name": "Ann"}, {"kind": "rules"}])
    link = url + t["seats"][0]["url"]
    context = contexts()
    page = open_page(context, link)
    play(page, 5)
    seq, held, story = seq_of(page), hand(page), events(page)
    board = cards(page)
    assert seq >= 5 and held
    page.close()

    again = open_page(context, link)
    assert wait_ready(again) == "act"
    assert seq_of(again) == seq
    assert hand(again) == held and cards(again) == board and events(again) == story
    assert again.text_content("#status") == "Your turn."
    play(again, 3)  # and play goes on
    assert seq_of(again) >= seq + 3
    assert api(url, f"/api/tables/{t['table']}")["seq"] == seq_of(again)


def _restart(port: int, args: list[str], log: Path) -> subprocess.Popen[bytes] | None:
    """`bezique serve` again on ``port``; ``None`` if it cannot have the port."""
    with log.open("wb") as out:
        proc = subprocess.Popen(conftest.serve_command(port, args), stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        conftest._wait_http(f"http://127.0.0.1:{port}/", proc, log, conftest.SERVER_TIMEOUT)
    except RuntimeError:
        conftest._stop(proc)
        return None
    return proc


def test_a_server_killed_mid_deal_goes_on_where_it_was(
        start_server: conftest.StartServer, contexts: Callable[..., BrowserContext],
        tmp_path: Path) -> None:
    args = serve_args(tmp_path)
    url, proc = start_server(args)
    port = int(url.rsplit(":", 1)[1])
    t = new_table(url, "bezique", [{"kind": "human", "name": "Ann"}, {"kind": "rules"}])
    path = t["seats"][0]["url"]
    page = open_page(contexts(), url + path)
    play(page, 6)
    seq, held, story = seq_of(page), hand(page), events(page)
    restarted: list[subprocess.Popen[bytes]] = []
    try:
        # 1. killed at a quiet moment (the person to move): the same position after
        before = spied(page)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        page.wait_for_function(
            "() => document.querySelector('#status').textContent.includes('Reconnecting')",
            timeout=WAIT_MS)
        again = _restart(port, args, tmp_path / "restart-1.log")
        if again is not None:
            restarted.append(again)
            # the page connects again by itself (perhaps already while we waited)
            page.wait_for_function(
                "([o, v]) => window.__bz.opened > o && window.__bz.views > v",
                arg=[before["opened"], before["views"]], timeout=WAIT_MS)
        else:  # the port was taken meanwhile: another one, and the link opened again
            url, again = start_server(args)
            page = open_page(contexts(), url + path)
        assert wait_ready(page) == "act"
        assert seq_of(page) == seq
        assert hand(page) == held and events(page) == story
        assert page.text_content("#status") == "Your turn."

        # 2. killed as soon as an action is acknowledged (the computer answering it
        # meanwhile, or not): the acknowledged action is kept
        acks = len(spied(page)["acks"])
        click_first(page, card=True)
        page.wait_for_function("(n) => window.__bz.acks.length > n", arg=acks,
                               timeout=WAIT_MS)
        os.kill(again.pid, signal.SIGKILL)
        again.wait(timeout=10)
        acked = spied(page)["acks"][-1]
        assert acked == seq + 1
        port = int(url.rsplit(":", 1)[1])
        third = _restart(port, args, tmp_path / "restart-2.log")
        if third is not None:
            restarted.append(third)
        else:
            url, third = start_server(args)
            page = open_page(contexts(), url + path)
        info = api(url, f"/api/tables/{t['table']}")
        assert info["seq"] >= acked
        wait_seq(page, acked)
        assert wait_ready(page) == "act"  # the computer's answer, if it was lost, made again
        play(page, 2)
        assert api(url, f"/api/tables/{t['table']}")["seq"] == seq_of(page) >= acked + 2
    finally:
        for p in restarted:
            conftest._stop(p)


def _face_up(page: Page) -> set[tuple[str, str, str | None]]:
    return {(c, place, seat) for c, place, seat in cards(page) if c}


def test_a_spectator_is_never_shown_a_hidden_card(
        start_server: conftest.StartServer, contexts: Callable[..., BrowserContext],
        tmp_path: Path) -> None:
    """Over a whole deal of Sixty-Six between two people: every card face up on the
    spectator's board is public, i.e. shown to both players (a card in a hand: to the
    other player, who could only have seen it shown)."""
    url, _ = start_server(serve_args(tmp_path))
    t = new_table(url, "sixtysix", [{"kind": "human", "name": "Ann"},
                                    {"kind": "human", "name": "Bob"}])
    players = [open_page(contexts(), url + t["seats"][s]["url"]) for s in (0, 1)]
    watcher = open_page(contexts(), url + t["watch"])
    assert watcher.text_content("#subtitle") == "You are watching."
    seq, i = 0, 0
    while True:
        for p in (*players, watcher):
            wait_seq(p, seq)
        views = [spied(p)["last"] for p in players]
        if views[0]["deal"] > 1:
            break
        seen = [_face_up(p) for p in players]
        assert cards(watcher), "the spectator sees the table"
        for card, place, seat in _face_up(watcher):
            assert place != "hand", f"a spectator is shown a hand's {card}"
            if place == "other-hand":
                assert seat is not None
                owner = int(seat)
                assert (card, "other-hand", seat) in seen[1 - owner], (
                    f"the spectator is shown {card} in seat {owner}'s hand, which seat"
                    f" {1 - owner} is not shown")
            else:
                for s in (0, 1):
                    assert any(c == card and pl == place for c, pl, _ in seen[s]), (
                        f"the spectator is shown {card} ({place}) that seat {s} is not")
        assert watcher.locator("#actions button").count() == 0
        assert watcher.locator("#board .card.playable").count() == 0
        assert "(you)" not in watcher.text_content("#board")
        # nothing of a hand that its owner's opponent is not shown
        watched = {c for c, _, _ in _face_up(watcher)}
        for s in (0, 1):
            secret = {c for c, place, _ in seen[s] if place == "hand"} - {
                c for c, place, _ in seen[1 - s] if place == "other-hand"}
            assert not watched & secret, f"seat {s}'s hidden {watched & secret} shown"
        mover = views[0]["to_move"]
        wait_ready(players[mover])
        click_first(players[mover], card=i % 2 == 0)
        seq, i = seq + 1, i + 1
        assert i < 80, "the deal does not end"
    # the deal is over: the spectator is shown its end too, and its record is linked
    watcher.locator("#deal-end").wait_for(state="visible")
    assert watcher.text_content("#deal-end-head") == "End of deal 1"
    watcher.get_by_role("link", name="Deal 1: its record").wait_for()
    record = api(url, f"/api/tables/{t['table']}/deals/1")
    assert len(record["actions"]) == i
    for p in (*players, watcher):
        assert spied(p)["errors"] == []


# -- a whole deal of every game --------------------------------------------------------------

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]

# Every card face up in the page's table is one the board of the view it holds shows at
# that place: the seat's own hand, another's known cards, declared cards, the trick, the
# last trick, the turn-up. Face-down cards carry no card and no text. The problems found.
CARDS_SHOWN = """() => {
  const v = window.__bz.last, b = v.board, problems = [];
  const bag = new Map();
  const put = (place, seat, card) => {
    if (!card) return;
    const key = `${card}|${place}|${seat ?? ""}`;
    bag.set(key, (bag.get(key) || 0) + 1);
  };
  for (const s of b.seats) {
    for (const c of s.hand) put(s.seat === b.own ? "hand" : "other-hand", s.seat, c);
    for (const c of s.table) put("table", s.seat, c);
  }
  for (const e of b.trick) put("trick", e.seat, e.card);
  for (const e of b.last_trick) put("last-trick", e.seat, e.card);
  put("turn-up", null, b.turn_up);
  for (const node of document.querySelectorAll("#board .card")) {
    const card = node.dataset.card;
    if (!card) {
      if (node.textContent.trim()) problems.push(`a card face down shows ${node.textContent}`);
      continue;
    }
    const key = `${card}|${node.dataset.place}|${node.dataset.seat ?? ""}`;
    if (!bag.get(key)) problems.push(`${key} is not on the board`);
    else bag.set(key, bag.get(key) - 1);
  }
  if (b.own === null && document.querySelector('#board .card[data-place="hand"]')) {
    problems.push("a spectator is drawn a hand of his own");
  }
  return problems;
}"""

# The page fits the window: no scrolling needed to see the table; the status line in view.
FITS = """() => {
  const status = document.querySelector("#status").getBoundingClientRect();
  return {scroll: document.scrollingElement.scrollHeight, height: innerHeight,
          width: document.scrollingElement.scrollWidth, innerWidth,
          status: [status.top, status.bottom]};
}"""


def seats_for(game: str, kind: str = "rules") -> list[dict[str, str]]:
    from bezique.bots import make_bot
    from bezique.core.errors import OptionError
    from bezique.games import GAMES
    made = GAMES[game]()
    try:
        make_bot(kind, made, 0)
    except OptionError:
        kind = "random"
    return [{"kind": "human", "name": NAMES[0]}] + [
        {"kind": kind, "name": NAMES[i]} for i in range(1, made.num_players)]


def check_page(page: Page, *, desktop: bool) -> None:
    """The table as it should be at any moment: its cards those of the board, the
    status line in view, the table in the window (desktop) or no wider than it."""
    assert page.evaluate(CARDS_SHOWN) == []
    fit = page.evaluate(FITS)
    assert fit["width"] <= fit["innerWidth"] + 2, f"the page scrolls sideways: {fit}"
    assert fit["status"][0] >= 0 and fit["status"][1] <= fit["height"], fit
    if desktop:
        assert fit["scroll"] <= fit["height"] + 4, f"the table does not fit the window: {fit}"


def shoot(page: Page, name: str) -> None:
    if os.environ.get("BEZIQUE_SCREENSHOTS") != "1":
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.mouse.move(0, 0)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / name))
    assert (SCREENSHOTS / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# Every card of one's hand drawn with a size (there is a hand, and no card of it 0x0).
HAND_DRAWN = """() => {
  const hand = [...document.querySelectorAll('#board .card[data-place="hand"]')];
  return hand.length > 0 && hand.every(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  });
}"""


def wait_hand_drawn(page: Page) -> None:
    """Wait until one's hand is drawn, each card of it with a size; a failure (the hand's
    cards as found) if it is not within WAIT_MS."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    try:
        page.wait_for_function(HAND_DRAWN, timeout=WAIT_MS)
    except PlaywrightTimeout:
        found = page.eval_on_selector_all(
            '#board .card[data-place="hand"]',
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return [e.dataset.card, r.width, r.height]; })")
        pytest.fail(f"the hand's cards were never drawn with a size: {found}")


def whole_deal_delay(game: str) -> str:
    """The computer delay of a whole-deal test's server: where the person sits a deal out
    (three-handed Sixty-Six's dealer), one that lets the page read the end of the deal
    he played before the computers, playing the next one alone, end that one too."""
    return "0.15" if game == "sixtysix3" else "0"


def whole_deal(page: Page, game: str, *, desktop: bool, shot_at: int = 6) -> int:
    """Click legal choices (cards mostly) until a deal the person played in ends and its
    panel shows (the first, or the second when he sat the first out: the dealer of
    three-handed Sixty-Six); the number of clicks. A screenshot is taken at the
    ``shot_at``-th of one's turns."""
    moves, started = 0, time.monotonic()
    for deal in (1, 2):
        state = wait_ready(page, deal)
        while state == "act":
            if moves % 7 == 0 or moves < 3:
                check_page(page, desktop=desktop)
            if moves == shot_at:
                shoot(page, f"table-{game}-{'desktop' if desktop else 'phone'}.png")
            state = act(page, card=moves % 4 != 3, deal=deal)
            moves += 1
            assert moves < 400 and time.monotonic() - started < 300, "the deal does not end"
        assert state in ("next-deal", "over"), state
        page.locator("#deal-end").wait_for(state="visible")
        end = spied(page)["last"]["deal_end"]
        assert end["deal"] == deal
        word = spied(page)["last"]["deal_word"]
        assert page.text_content("#deal-end-head") == f"End of {word} {deal}"
        assert page.locator("#deal-end-rows tr").count() == len(end["rows"]) + 1
        assert page.locator("#deal-end-result li").count() == len(end["result"])
        if end["last_trick"]:
            shown = page.locator("#deal-end-trick .card[data-card]").count()
            assert shown == len(end["last_trick"]["cards"])
        check_page(page, desktop=desktop)
        page.keyboard.press("Enter")  # Enter dismisses it: the next deal is there behind
        page.locator("#deal-end").wait_for(state="hidden")
        if moves > 0 or state == "over":
            break
    return moves


@pytest.mark.parametrize("game", list(__import__("bezique.games", fromlist=["GAMES"]).GAMES))
def test_a_whole_deal_of_every_game_at_a_desktop(
        game: str, start_server: conftest.StartServer,
        contexts: Callable[..., BrowserContext], tmp_path: Path) -> None:
    url, _ = start_server(serve_args(tmp_path, whole_deal_delay(game)))
    t = new_table(url, game, seats_for(game))
    page = open_page(contexts(viewport=DESKTOP), url + t["seats"][0]["url"])
    assert page.text_content("#subtitle") == "You are Ann."
    view = spied(page)["last"]
    if view["board"]["others"]:  # a table around a game of two: who consults, the box
        text = page.text_content("#board .others")
        assert text and "consults with" in text
        assert page.is_visible("#consulting")
    # a spectator: the table from nobody's side, no "(you)", no hand face up
    watcher = open_page(contexts(viewport=DESKTOP), url + t["watch"])
    assert watcher.text_content("#subtitle") == "You are watching."
    assert "(you)" not in watcher.text_content("#board")
    assert watcher.locator('#board .card[data-place="hand"]').count() == 0
    check_page(watcher, desktop=True)
    watcher.close()
    moves = whole_deal(page, game, desktop=True)
    assert moves > 0
    assert spied(page)["errors"] == []


@pytest.mark.parametrize("game", list(__import__("bezique.games", fromlist=["GAMES"]).GAMES))
def test_a_whole_deal_at_a_phone(
        game: str, start_server: conftest.StartServer,
        contexts: Callable[..., BrowserContext], tmp_path: Path) -> None:
    url, _ = start_server(serve_args(tmp_path, whole_deal_delay(game)))
    t = new_table(url, game, seats_for(game))
    page = open_page(contexts(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                              has_touch=True), url + t["seats"][0]["url"])
    # each card of one's hand readable: 40 px wide or more, none hiding another; measured
    # once the page has drawn them (a page still laying out measures them 0x0): a hand
    # never given a size times out into a failure
    wait_hand_drawn(page)
    boxes = page.eval_on_selector_all(
        '#board .card[data-place="hand"]',
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.width]; })")
    assert boxes and min(w for _, _, w in boxes) >= 40
    for (x1, y1, w), (x2, y2, _) in zip(boxes, boxes[1:], strict=False):
        assert abs(y1 - y2) > 1 or x2 >= x1 + w - 1, "cards of the hand overlap"
    # no keyboard hint at a phone; the side panels below the table
    assert page.locator("#keys-hint").is_hidden()
    below = page.evaluate("document.querySelector('.side').getBoundingClientRect().top"
                          " >= document.querySelector('#board').getBoundingClientRect().bottom")
    assert below
    # the status line stays in view when the page is scrolled down
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    check_page(page, desktop=False)
    page.evaluate("window.scrollTo(0, 0)")
    whole_deal(page, game, desktop=False, shot_at=1)
    assert spied(page)["errors"] == []


def test_auction_bids_by_a_compact_control_and_asks_before_an_overbid(
        start_server: conftest.StartServer, contexts: Callable[..., BrowserContext],
        tmp_path: Path) -> None:
    """The bidding is one control (a list of the bids between steppers, and Pass), the
    hand not dimmed; a bid above the rule player's estimate of the hand is asked about."""
    url, _ = start_server(serve_args(tmp_path))
    t = new_table(url, "binocleauction", [{"kind": "human", "name": n} for n in NAMES[:3]])
    pages = [open_page(contexts(viewport=PHONE), url + t["seats"][s]["url"]) for s in range(3)]
    mover = spied(pages[0])["last"]["to_move"]
    page = pages[mover]
    assert wait_ready(page) == "act"
    view = spied(page)["last"]
    bids = [a for a in view["legal"] if a["notation"].startswith("bid")]
    assert len(bids) > 50 and page.locator(".range-choice select option").count() == len(bids)
    assert page.locator("#actions button.choice").count() == 2  # pass, and bid
    assert page.eval_on_selector("#actions", "e => e.getBoundingClientRect().height") < 150
    assert page.eval_on_selector(
        '#board .card[data-place="hand"]',
        "e => getComputedStyle(e).opacity === '1' && getComputedStyle(e).filter === 'none'")
    # the highest bid: the page asks first; No sends nothing
    acks = len(spied(page)["acks"])
    page.select_option(".range-choice select", index=len(bids) - 1)
    page.click(".range-go")
    page.locator("#confirm[open]").wait_for()
    assert "estimate" in page.text_content("#confirm-text")
    page.click("#confirm-no")
    page.locator("#confirm").wait_for(state="hidden")
    page.wait_for_timeout(300)
    assert len(spied(page)["acks"]) == acks and seq_of(page) == view["seq"]
    # the stepper: one step up from the lowest bid, confirmed if asked
    page.select_option(".range-choice select", index=0)
    page.click(".range-choice .step[aria-label=Higher]")
    wanted = bids[1]
    page.click(".range-go")
    if "confirm" in wanted:
        page.click("#confirm-yes")
    page.wait_for_function("(n) => window.__bz.acks.length > n", arg=acks, timeout=WAIT_MS)
    wait_seq(page, view["seq"] + 1)
    assert spied(page)["last"]["story"][-1].endswith(f"{wanted['label'].split()[-1]}.")
