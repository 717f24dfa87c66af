"""The deal commitment as docs/PROTOCOL.md defines it, and ``bezique verify``: against a
real server after a match played to its end every deal checks out; doctored answers
(served by a tiny local HTTP server) fail naming what is wrong; a bad URL, an
unreachable server and a malformed answer are told apart from a failed check."""

from __future__ import annotations

import copy
import hashlib
import http.server
import json
import os
import re
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import conftest
import pytest
from click.testing import CliRunner
from wsclient import Client

from bezique.cli import verify as verify_module
from bezique.cli.main import cli
from bezique.core.cards import Card
from bezique.server.store import commitment

ROOT = Path(__file__).resolve().parents[1]


# -- the documented construction ----------------------------------------------------------------

def test_the_protocols_worked_example_hashes_to_its_value() -> None:
    doc = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    salt = re.search(r"^    salt: +([0-9a-f]+)$", doc, re.M)
    pack = re.search(r"^    pack: +([0-9A-Z ]+)$", doc, re.M)
    ids = re.search(r"^    pack_ids: +([0-9 ]+)$", doc, re.M)
    hashed = re.search(r"The exact text hashed \((\d+) bytes of ASCII\):\n\n    (\S[^\n]*)\n",
                       doc)
    value = re.search(r"and its commitment:\n\n    ([0-9a-f]{64})\n", doc)
    assert salt and pack and ids and hashed and value
    pack_ids = [int(c) for c in ids.group(1).split()]
    text = hashed.group(2)
    assert text == salt.group(1) + ":" + " ".join(map(str, pack_ids))
    assert len(text.encode("ascii")) == int(hashed.group(1))
    assert hashlib.sha256(text.encode()).hexdigest() == value.group(1)
    # the server's own function and the checker's agree with the document
    assert commitment(pack_ids, salt.group(1)) == value.group(1)
    assert verify_module.commitment_of(salt.group(1), pack_ids) == value.group(1)
    assert [Card(c).notation() for c in pack_ids] == pack.group(1).split()
    assert len(salt.group(1)) == 32


# -- a real server --------------------------------------------------------------------------------

def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)


def post(url: str, body: Any) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def run_verify(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["verify", *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A Sixty-Six match between two random computer players, played to its end on a
    real server while a spectator's WebSocket noted each deal's published commitment;
    the server's answers kept for doctoring."""
    ws_client = pytest.importorskip("websockets.sync.client")
    # module-scoped (the match is played once for every test here), so not the
    # function-scoped start_server fixture: its parts, from conftest
    folder = tmp_path_factory.mktemp("verify")
    port = conftest.free_port()
    argv = conftest.serve_command(port, ["--database", f"sqlite:///{folder / 'tables.db'}",
                                         "--computer-delay", "0.02"])
    log = folder / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        url = f"http://127.0.0.1:{port}"
        conftest._wait_http(url + "/", proc, log, conftest.SERVER_TIMEOUT)
        table = post(url + "/api/tables", {"game": "sixtysix", "seats": [
            {"kind": "random", "name": "Ann"}, {"kind": "random", "name": "Bob"}]})
        tid = table["table"]
        published: dict[int, str] = {}
        deadline = time.monotonic() + 120
        with ws_client.connect(url.replace("http", "ws") + f"/ws/{tid}") as ws:
            spectator = Client.of_websockets(ws, "spectator", timeout=30)
            view = spectator.first_view()
            while True:  # the view held, as each update changes it
                assert time.monotonic() < deadline, "the computers did not finish"
                published.setdefault(view["deal"], view["commitment"])
                if view["over"]:
                    break
                view = spectator.next_view()
        info = get(f"{url}/api/tables/{tid}")
        deals = []
        k = 1
        while True:
            try:
                deals.append(get(f"{url}/api/tables/{tid}/deals/{k}"))
            except urllib.error.HTTPError:
                break
            k += 1
        yield {"url": url, "table": tid, "published": published, "info": info,
               "deals": deals}
    finally:
        conftest._stop(proc)


def test_the_table_answer_carries_the_options(played: dict[str, Any]) -> None:
    assert played["info"]["game"] == "sixtysix" and played["info"]["options"] == {}
    assert played["info"]["over"] and len(played["deals"]) >= 2


def test_verify_passes_for_an_honest_server(played: dict[str, Any]) -> None:
    url, tid = played["url"], played["table"]
    given = [f"{k}:{h}" for k, h in played["published"].items()]
    code, out, err = run_verify(f"{url}/t/{tid}?token=whatever",
                                *[a for g in given for a in ("--commitment", g)])
    assert code == 0, (out, err)
    lines = out.splitlines()
    assert len(lines) == len(played["deals"])
    for k, line in enumerate(lines, 1):
        assert line.startswith(f"deal {k}: OK (commitment"), line
        if k in played["published"]:
            assert "and the one published" in line
    # one deal by its URL, the commitment given without its number
    k = len(played["deals"])
    code, out, _ = run_verify(f"{url}/api/tables/{tid}/deals/{k}", "--commitment",
                              played["deals"][-1]["commitment"])
    assert code == 0 and out.splitlines() == [lines[-1]]


# -- doctored answers -----------------------------------------------------------------------------

class Doctored:
    """A tiny HTTP server answering the table's paths with given JSON (or raw bytes)."""

    def __init__(self) -> None:
        self.answers: dict[str, tuple[int, bytes]] = {}
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802  (the stdlib's name)
                status, body = outer.answers.get(self.path.split("?")[0],
                                                 (404, b'{"error": "no such deal"}'))
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def serve(self, tid: str, info: Any, deals: list[Any]) -> None:
        self.answers = {f"/api/tables/{tid}": (200, json.dumps(info).encode())}
        for k, deal in enumerate(deals, 1):
            self.answers[f"/api/tables/{tid}/deals/{k}"] = (200, json.dumps(deal).encode())

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture()
def doctored() -> Iterator[Doctored]:
    server = Doctored()
    try:
        yield server
    finally:
        server.close()


def rehash(deal: dict[str, Any]) -> None:
    """Make the deal's commitment agree with its (doctored) salt and pack again."""
    deal["pack"] = [Card(c).notation() for c in deal["pack_ids"]]
    deal["commitment"] = commitment(deal["pack_ids"], deal["salt"])


def test_the_honest_answers_pass_when_served_again(played: dict[str, Any],
                                                   doctored: Doctored) -> None:
    doctored.serve(played["table"], played["info"], played["deals"])
    code, out, _ = run_verify(f"{doctored.url}/t/{played['table']}")
    assert code == 0 and out.count(": OK (") == len(played["deals"])


def test_a_salt_that_does_not_hash_to_the_commitment_fails(played: dict[str, Any],
                                                           doctored: Doctored) -> None:
    deals = copy.deepcopy(played["deals"])
    deals[0]["salt"] = "0" * 32
    doctored.serve(played["table"], played["info"], deals)
    code, out, _ = run_verify(f"{doctored.url}/t/{played['table']}")
    assert code == 1
    first = out.splitlines()[0]
    assert first.startswith("deal 1: FAILED: the commitment ")
    assert "is not the SHA-256 of the salt and pack_ids" in first
    assert out.splitlines()[1].startswith("deal 2: OK")


def test_a_pack_changed_after_the_commitment_was_published_fails(
        played: dict[str, Any], doctored: Doctored) -> None:
    """A server that changes the cards can reveal a new salt and commitment that agree:
    only the commitment seen during the deal catches it (and the replay, here)."""
    deals = copy.deepcopy(played["deals"])
    ids = deals[0]["pack_ids"]
    ids[0], ids[-1] = ids[-1], ids[0]
    rehash(deals[0])
    doctored.serve(played["table"], played["info"], deals)
    code, out, _ = run_verify(f"{doctored.url}/t/{played['table']}")
    assert "is not the SHA-256 of the salt" not in out  # the new hash agrees with itself
    code, out, _ = run_verify(f"{doctored.url}/t/{played['table']}", "--commitment",
                              f"1:{played['deals'][0]['commitment']}")
    assert code == 1
    assert "the commitment published during the deal" in out.splitlines()[0]


def test_a_pack_that_is_not_the_games_fails(played: dict[str, Any],
                                            doctored: Doctored) -> None:
    deals = copy.deepcopy(played["deals"])
    deals[1]["pack_ids"][3] = deals[1]["pack_ids"][4]  # a card twice, one missing
    rehash(deals[1])
    doctored.serve(played["table"], played["info"], deals)
    code, out, _ = run_verify(f"{doctored.url}/t/{played['table']}")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("deal 1: OK")
    assert lines[1].startswith("deal 2: FAILED: the pack is not a permutation of the game's"
                               " pack: ")
    assert "too many" in lines[1] and "missing" in lines[1]
    assert all("not replayed" in line for line in lines[2:])


def test_an_action_that_is_not_legal_fails(played: dict[str, Any],
                                           doctored: Doctored) -> None:
    deals = copy.deepcopy(played["deals"])
    seat, _ = deals[0]["actions"][0]
    deals[0]["actions"][0] = [seat, "QQ"]
    doctored.serve(played["table"], played["info"], deals)
    code, out, _ = run_verify(f"{doctored.url}/t/{played['table']}")
    assert code == 1
    assert out.splitlines()[0].startswith("deal 1: FAILED: action 1 ('QQ') is not legal")
    # an action given to the wrong seat
    deals = copy.deepcopy(played["deals"])
    seat, notation = deals[0]["actions"][0]
    deals[0]["actions"][0] = [1 - seat, notation]
    doctored.serve(played["table"], played["info"], deals)
    code, out, _ = run_verify(f"{doctored.url}/t/{played['table']}")
    assert code == 1 and f"was seat {1 - seat}'s, but seat {seat} was to act" in out


def test_a_published_commitment_of_no_deal_fails(played: dict[str, Any],
                                                 doctored: Doctored) -> None:
    doctored.serve(played["table"], played["info"], played["deals"])
    code, out, _ = run_verify(f"{doctored.url}/t/{played['table']}", "--commitment", "ab" * 32)
    assert code == 1
    assert out.splitlines()[0] == ("published commitment abababababababab…: FAILED: it is the"
                                   " commitment of no finished deal")


@pytest.mark.parametrize("url,words", [
    ("ftp://example.org/t/abc", "not a table's URL"),
    ("http://example.org/tables/abc", "the path should be /t/<table>"),
    ("not a url at all", "not a table's URL"),
])
def test_a_bad_url_is_an_error(url: str, words: str) -> None:
    code, out, err = run_verify(url)
    assert code == 2 and out == "" and words in err


def test_a_bad_commitment_option_is_an_error(doctored: Doctored) -> None:
    code, _, err = run_verify(f"{doctored.url}/t/abc", "--commitment", "xyz")
    assert code == 2 and "give 64 hex digits" in err


def test_an_unreachable_server_is_an_error() -> None:
    port = conftest.free_port()
    code, _, err = run_verify(f"http://127.0.0.1:{port}/t/abc")
    assert code == 2 and "cannot reach" in err


def test_malformed_answers_are_errors(played: dict[str, Any], doctored: Doctored,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    tid = played["table"]
    doctored.serve(tid, played["info"], played["deals"])
    doctored.answers[f"/api/tables/{tid}/deals/1"] = (200, b"<html>not json</html>")
    code, _, err = run_verify(f"{doctored.url}/t/{tid}")
    assert code == 2 and "is not JSON" in err
    broken = copy.deepcopy(played["deals"][0])
    broken["actions"] = "all of them"
    doctored.serve(tid, played["info"], [broken])
    code, _, err = run_verify(f"{doctored.url}/t/{tid}")
    assert code == 2 and "deal 1: the answer's actions is not a list" in err
    doctored.serve(tid, {k: v for k, v in played["info"].items() if k != "options"},
                   played["deals"])
    code, _, err = run_verify(f"{doctored.url}/t/{tid}")
    assert code == 2 and "gives no options" in err
    doctored.serve(tid, played["info"], played["deals"])
    monkeypatch.setattr(verify_module, "MAX_ANSWER", 100)
    code, _, err = run_verify(f"{doctored.url}/t/{tid}")
    assert code == 2 and "is over 100 bytes" in err
    monkeypatch.undo()
    code, _, err = run_verify(f"{doctored.url}/t/nosuchtable")
    assert code == 2 and "has no table nosuchtable" in err


def test_a_deal_still_in_play_is_told_so(played: dict[str, Any], doctored: Doctored) -> None:
    tid = played["table"]
    doctored.serve(tid, played["info"], played["deals"][:1])
    doctored.answers[f"/api/tables/{tid}/deals/2"] = (409, b'{"error": "still in play"}')
    code, _, err = run_verify(f"{doctored.url}/api/tables/{tid}/deals/2")
    assert code == 2 and "deal 2 is still in play" in err
    code, out, _ = run_verify(f"{doctored.url}/t/{tid}")  # the finished one is checked
    assert code == 0 and out.splitlines() == [out.splitlines()[0]]
    assert out.startswith("deal 1: OK")
