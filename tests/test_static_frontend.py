"""The browser front end (src/bezique/server/static): the pages parse as HTML and hold
every element their scripts look up, the scripts are ES modules that parse (when node is
on the machine), server text never becomes markup (the table is built of DOM nodes, the
server's words set as text), and nothing in them knows a game by name (every game draws
from the view message alone)."""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parent.parent / "src" / "bezique" / "server" / "static"
PAGES = {"index.html": ["lobby.js"], "table.html": ["table.js"]}
SCRIPTS = ["lobby.js", "table.js", "tokens.js"]
FILES = [*PAGES, *SCRIPTS, "style.css"]
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
GAME_WORDS = ["sixtysix", "rubicon", "chinese", "bezique3", "bezique4", "chouette"]


class Page(HTMLParser):
    """Collects a page's elements and every nesting error html.parser lets pass."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.doctype = False

    def handle_decl(self, decl: str) -> None:
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.errors.append(f"end tag of the void element <{tag}>")
        elif not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else '-'}>"
                               f" at line {self.getpos()[0]}")
        else:
            self.stack.pop()


def parse(name: str) -> Page:
    page = Page()
    page.feed((STATIC / name).read_text(encoding="utf-8"))
    page.close()
    return page


def source(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def code_of(name: str) -> str:
    """A script without its comments (so a comment may name what the code must not do)."""
    text = re.sub(r"/\*.*?\*/", "", source(name), flags=re.S)
    return "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in text.splitlines())


@pytest.mark.parametrize("name", FILES)
def test_the_files_exist(name: str) -> None:
    assert (STATIC / name).is_file() and (STATIC / name).stat().st_size > 0


@pytest.mark.parametrize("name", list(PAGES))
def test_pages_parse_as_html(name: str) -> None:
    page = parse(name)
    assert page.doctype, f"{name}: no <!doctype html>"
    assert page.errors == [], page.errors
    assert page.stack == [], f"{name}: unclosed {page.stack}"
    tags = [tag for tag, _ in page.elements]
    assert tags[0] == "html" and dict(page.elements[0][1]).get("lang")
    metas = [a for tag, a in page.elements if tag == "meta"]
    assert any(a.get("charset", "").lower() == "utf-8" for a in metas)
    assert any(a.get("name") == "viewport" for a in metas), "no viewport for phones"
    ids = [a["id"] for _, a in page.elements if a.get("id")]
    assert len(ids) == len(set(ids)), f"{name}: an id twice"


@pytest.mark.parametrize("name", list(PAGES))
def test_pages_load_their_module_and_the_stylesheet(name: str) -> None:
    page = parse(name)
    scripts = [a for tag, a in page.elements if tag == "script"]
    assert scripts and all(a.get("type") == "module" for a in scripts)
    assert [a.get("src") for a in scripts] == [f"/static/{s}" for s in PAGES[name]]
    links = [a for tag, a in page.elements if tag == "link" and a.get("rel") == "stylesheet"]
    assert [a.get("href") for a in links] == ["/static/style.css"]


@pytest.mark.parametrize("name", list(PAGES))
def test_every_element_a_script_looks_up_is_on_its_page(name: str) -> None:
    ids = {a["id"] for _, a in parse(name).elements if a.get("id")}
    for script in PAGES[name]:
        wanted = set(re.findall(r"""byId\(\s*["']([\w-]+)["']\s*\)""", code_of(script)))
        assert wanted, f"{script} looks nothing up?"
        assert wanted <= ids, f"{script} wants {sorted(wanted - ids)} missing from {name}"


@pytest.mark.parametrize("name", list(PAGES))
def test_status_line_is_polite_live_region(name: str) -> None:
    status = [a for _, a in parse(name).elements if a.get("id") == "status"]
    assert status and status[0].get("aria-live") == "polite"


def test_server_text_never_becomes_markup() -> None:
    sinks = re.compile(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\s*\("
                       r"|new\s+Function|srcdoc|createContextualFragment|DOMParser"
                       r"|setHTML|\.html\s*\(")
    for script in SCRIPTS:
        found = [line.strip() for line in code_of(script).splitlines() if sinks.search(line)]
        assert found == [], f"{script}: {found}"
    # the table draws cards with createElement and textContent (tokens.js's el) alone
    table = code_of("table.js")
    assert "el(\"div\", null, attrs)" in table and "textContent" in table


def test_buttons_are_buttons() -> None:
    # The choices are real <button>s; the cards that play one get role=button, a
    # tabindex and Enter/Space; no page carries inline handlers.
    table = code_of("table.js")
    assert 'el("button", null, { type: "button", class: cardChoice' in table
    assert 'setAttribute("role", "button")' in table and 'setAttribute("tabindex", "0")' in table
    assert 'event.key === "Enter" || event.key === " "' in table
    for name in PAGES:
        for tag, attrs in parse(name).elements:
            assert not [k for k in attrs if k.startswith("on")], f"{name}: <{tag}> {attrs}"
            if tag == "button":
                assert attrs.get("type") in {"button", "submit"}


def test_tokens_are_kept_under_the_agreed_key() -> None:
    assert 'TOKENS_KEY = "bezique.tokens"' in code_of("tokens.js")
    for script in ("lobby.js", "table.js"):
        assert "rememberToken(" in code_of(script)
        assert "localStorage" not in code_of(script), "go through tokens.js"


def test_protocol_messages_and_reconnection() -> None:
    table = code_of("table.js")
    for needle in ['type: "act"', 'type: "ping"', '"view"', '"update"', "story_from",
                   "message.ack", '"error"', "wss:",
                   "/ws/", "PING_EVERY = 20000", "FIRST_DELAY = 500", "MAX_DELAY = 5000",
                   "Reconnecting…", "delay * 2"]:
        assert needle in table, needle
    lobby = code_of("lobby.js")
    for needle in ['"/api/games"', '"/api/tables"', '"/api/mine"', '" | "']:
        assert needle in lobby, needle


def test_nothing_knows_a_game_by_name() -> None:
    words = set(GAME_WORDS)
    try:
        from bezique.games import GAMES
    except ImportError:  # the package not importable here: the list above still holds
        pass
    else:
        words |= set(GAMES)
    words -= {"clubs", "diamonds", "hearts", "spades"}  # a suit's name, and Hearts' too
    for script in SCRIPTS:
        literals = set(re.findall(r"""["'`]([^"'`\n]*)["'`]""", code_of(script)))
        assert not literals & words, f"{script} names a game: {sorted(literals & words)}"
        lowered = code_of(script).lower()
        assert not [w for w in GAME_WORDS if w in lowered], script


def test_style_draws_cards_and_keeps_the_status_in_view() -> None:
    css = source("style.css")
    card = re.search(r"\n\.card \{([^}]*)\}", css)
    assert card and "width: var(--cw)" in card.group(1)
    assert re.search(r"\.card\.red, \.red \{[^}]*#c62828", css), "red suits in red"
    assert ".card.back" in css, "cards face down have a back"
    bar = re.search(r"\.status-bar \{([^}]*)\}", css)
    assert bar and "position: sticky" in bar.group(1) and "top: 0" in bar.group(1)
    # no keyboard hint on a touch screen
    assert "@media (hover: none), (pointer: coarse)" in css
    touch = css.split("@media (hover: none), (pointer: coarse)", 1)[1].split("}\n}", 1)[0]
    assert ".keys-hint" in touch
    events = re.search(r"\n\.events\s*\{([^}]*)\}", css)
    assert events and "overflow-y: auto" in events.group(1)
    assert "[hidden] { display: none !important; }" in css
    assert css.count("{") == css.count("}")


def test_the_lobby_offers_the_running_counts() -> None:
    ids = {a["id"] for _, a in parse("index.html").elements if a.get("id")}
    assert "show-counts" in ids
    assert "options.show_counts = true" in code_of("lobby.js")


def test_imports_resolve() -> None:
    for script in SCRIPTS:
        for target in re.findall(r"""from\s+["']\./([\w.-]+)["']""", code_of(script)):
            assert (STATIC / target).is_file(), f"{script} imports missing {target}"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("name", SCRIPTS)
def test_scripts_parse_as_es_modules(name: str, tmp_path: Path) -> None:
    module = tmp_path / (Path(name).stem + ".mjs")  # .mjs: node reads it as a module
    module.write_text(source(name), encoding="utf-8")
    node = shutil.which("node")
    assert node is not None
    done = subprocess.run([node, "--check", str(module)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
