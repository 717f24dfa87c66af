"""Our engines side by side with the peers': OpenSpiel 2.0.2 (hearts, euchre, skat; C++
driven from Python) and the pure-Python schnapsen 0.0.5 platform (20-card Schnapsen).

The peers are never the project's dependencies: they live in a virtual environment of
this benchmark's own, ``benchmarks/.peers-venv``, made (once, and again when
``peers-requirements.txt`` changes) from that file. Two worker processes answer the
measurements: the project's engines from ``src/`` (the interpreter running this script),
the peers from their environment. The parent asks them in turn, A B A B ..., each run
starting with the other side than the last, so that a machine growing busier or quieter
weighs on both alike. Every figure is CPU time (``time.process_time``) in one process on
one core: the machine is shared. Measures, the same on both sides:

- random playouts: deals/s and decisions/s, a deal dealt (its chance included) and played
  with uniformly random choices to its end (``benchmarks/playout.py``'s loop for ours;
  Sixty-Six also "played out", never claiming, showing or closing while it can do
  anything else, since random Sixty-Six mostly ends in an early wrong claim);
- copies/s of mid-deal states: our ``clone()``, OpenSpiel's ``state.clone()``, the
  schnapsen platform's ``GameState.copy_for_next()`` (the copy its engine makes of the
  whole state for every trick);
- consistent samples/s of mid-deal states for the seat to move: our ``resample``,
  OpenSpiel's ``resample_from_infostate`` (hearts and euchre have it, skat does not), the
  platform's ``PlayerPerspective.make_assumption`` (its own determinization).

Each figure is the median of ``--runs`` runs (default 5) of ``--seconds`` seconds
(default 5). The output ends with one line per pair of engines and measure, ours first:

    ratio decisions/s bezique/openspiel-hearts: 0.62

(our figure over the peer's; above 1 ours is faster). ``sixtysix-played-out`` is
Sixty-Six played out; the ``schnapsen`` on the left is our preset of the platform's rules
(``bezique.games.schnapsen``), on the right the platform itself; ``euchreopenspiel`` is
our preset of OpenSpiel's Euchre (``bezique.games.euchre.openspiel``), so
``euchreopenspiel/openspiel-euchre`` compares the same game in the two engines.

    python benchmarks/peers.py                       # all of it: 12 min of CPU (more wall time)
    python benchmarks/peers.py --seconds 1 --runs 3  # a quick look
    python benchmarks/peers.py --json                # the figures as JSON
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import itertools
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VENV = HERE / ".peers-venv"
REQUIREMENTS = HERE / "peers-requirements.txt"
STAMP = VENV / "requirements.sha256"

#: Our engines: games of ``bezique.games.GAMES``; ``sixtysix-played-out`` is Sixty-Six
#: with the playout that never ends a deal early.
OURS = ("bezique", "sixtysix", "sixtysix-played-out", "rubicon", "chinese", "schnapsen",
        "euchreopenspiel",
        "heartsopenspiel")
PEERS = ("openspiel-hearts", "openspiel-euchre", "openspiel-skat", "schnapsen")
MEASURES = ("decisions/s", "copies/s", "samples/s")
#: Mid-deal states each copy and sample run cycles over.
STATES = 256


# -- the workers: one measurement per request ----------------------------------------------

def cpu_rate(op: Callable[[Any], object], items: Sequence[Any], seconds: float) -> float:
    """Calls of ``op`` per CPU second over ``items``, cycled for ``seconds`` of CPU time."""
    calls = 0
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    while True:
        for x in items:
            op(x)
        calls += len(items)
        now = clock()
        if now >= deadline:
            break
    return calls / (now - start)


class OurEngines:
    """The project's engines, measured with ``benchmarks/playout.py``'s loops on the CPU
    clock."""

    def __init__(self) -> None:
        import playout  # benchmarks/, on PYTHONPATH

        from bezique.games import GAMES

        if "process_time" not in inspect.getsource(playout.playout_run):
            # a playout.py that still times wall-clock (perf_counter): on a shared machine
            # CPU time is the fair figure, so its loops read the CPU clock here
            class _CpuClock:
                perf_counter = process_time = staticmethod(time.process_time)

            playout.time = _CpuClock  # type: ignore[assignment, attr-defined]
        self.playout = playout
        self.games = GAMES
        self.states: dict[str, list[Any]] = {}

    def _game(self, engine: str) -> Any:
        return self.games[engine.removesuffix("-played-out")]()

    def _states(self, engine: str, seed: int) -> list[Any]:
        name = engine.removesuffix("-played-out")
        if name not in self.states:
            self.states[name] = self.playout.mid_deal_states(self._game(name), STATES, seed)
        return self.states[name]

    def measure(self, engine: str, measure: str, seconds: float, seed: int) -> dict[str, Any]:
        if measure == "decisions/s":
            deals, decisions = self.playout.playout_run(
                self._game(engine), seconds, seed, played_out=engine.endswith("-played-out"))
            return {"deals/s": deals, "decisions/s": decisions}
        states = self._states(engine, seed)
        if measure == "copies/s":
            return {measure: self.playout.rate_run(lambda s: s.clone(), states, seconds)}
        rng = random.Random(seed)
        return {measure: self.playout.rate_run(lambda s: s.resample(s.current_player(), rng),
                                               states, seconds)}


class PeerEngines:
    """OpenSpiel's games and the schnapsen platform, measured as ours are."""

    def __init__(self) -> None:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]
        import schnapsen.game as sg  # type: ignore[import-not-found, unused-ignore]

        self.pyspiel = pyspiel
        self.sg = sg
        self.states: dict[str, list[Any]] = {}
        self.engine = sg.SchnapsenGamePlayEngine()

    # OpenSpiel ------------------------------------------------------------------------

    def _spiel(self, engine: str) -> Any:
        return self.pyspiel.load_game(engine.removeprefix("openspiel-"))

    @staticmethod
    def _chance(state: Any, rng: random.Random) -> None:
        outcomes = state.chance_outcomes()
        if outcomes[0][1] == outcomes[-1][1]:  # uniform (the deal of a card): the cheap way
            state.apply_action(rng.choice(outcomes)[0])
        else:
            actions = [a for a, _ in outcomes]
            state.apply_action(rng.choices(actions, [p for _, p in outcomes])[0])

    def _spiel_playout(self, engine: str, seconds: float, seed: int) -> tuple[float, float]:
        game = self._spiel(engine)
        rng = random.Random(seed)
        choice = rng.choice
        deals = decisions = 0
        clock = time.process_time
        start = clock()
        deadline = start + seconds
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    self._chance(state, rng)
                else:
                    state.apply_action(choice(state.legal_actions()))
                    decisions += 1
            deals += 1
            now = clock()
            if now >= deadline:
                break
        elapsed = now - start
        return deals / elapsed, decisions / elapsed

    def _spiel_states(self, engine: str, seed: int) -> list[Any]:
        game = self._spiel(engine)
        rng = random.Random(seed)
        out: list[Any] = []
        while len(out) < STATES:
            state = game.new_initial_state()
            path = []
            while not state.is_terminal():
                if state.is_chance_node():
                    self._chance(state, rng)
                else:
                    path.append(state.clone())
                    state.apply_action(rng.choice(state.legal_actions()))
            out.append(rng.choice(path))
        return out

    # the schnapsen platform -----------------------------------------------------------

    def _counting_bot(self, rng: random.Random) -> Any:
        sg = self.sg

        class Counting(sg.Bot):  # type: ignore[misc, name-defined]
            """The platform's RandBot, counting its decisions."""

            def __init__(self) -> None:
                super().__init__("random")
                self.decisions = 0

            def get_move(self, perspective: Any, leader_move: Any) -> Any:
                self.decisions += 1
                return rng.choice(perspective.valid_moves())

        return Counting()

    def _schnapsen_playout(self, seconds: float, seed: int) -> tuple[float, float]:
        rng = random.Random(seed)
        a, b = self._counting_bot(rng), self._counting_bot(rng)
        engine = self.engine
        deals = 0
        clock = time.process_time
        start = clock()
        deadline = start + seconds
        while True:
            engine.play_game(a, b, rng)
            a, b = b, a  # the other leads the next deal
            deals += 1
            now = clock()
            if now >= deadline:
                break
        elapsed = now - start
        return deals / elapsed, (a.decisions + b.decisions) / elapsed

    def _schnapsen_states(self, seed: int) -> list[Any]:
        """Game states at a random trick of random games (the leader to move), never
        over: what the platform's engine and its bots copy and sample."""
        sg = self.sg
        engine = self.engine
        rng = random.Random(seed)
        out: list[Any] = []
        while len(out) < STATES:
            deck = engine.deck_generator.shuffle_deck(engine.deck_generator.get_initial_deck(),
                                                      rng)
            h1, h2, talon = engine.hand_generator.generateHands(deck)
            bot = self._counting_bot(rng)
            state = sg.GameState(leader=sg.BotState(implementation=bot, hand=h1),
                                 follower=sg.BotState(implementation=bot, hand=h2),
                                 talon=talon, previous=None)
            state, _ = engine.play_at_most_n_tricks(state, bot, bot, rng.randrange(0, 8))
            if engine.trick_scorer.declare_winner(state) is None:
                out.append(state)
        return out

    # ----------------------------------------------------------------------------------

    def _states(self, engine: str, seed: int) -> list[Any]:
        if engine not in self.states:
            self.states[engine] = (self._schnapsen_states(seed) if engine == "schnapsen"
                                   else self._spiel_states(engine, seed))
        return self.states[engine]

    def measure(self, engine: str, measure: str, seconds: float, seed: int) -> dict[str, Any]:
        if measure == "decisions/s":
            deals, decisions = (self._schnapsen_playout(seconds, seed) if engine == "schnapsen"
                                else self._spiel_playout(engine, seconds, seed))
            return {"deals/s": deals, "decisions/s": decisions}
        states = self._states(engine, seed)
        rng = random.Random(seed)
        if engine == "schnapsen":
            sg, eng = self.sg, self.engine
            if measure == "copies/s":
                return {measure: cpu_rate(lambda s: s.copy_for_next(), states, seconds)}
            views = [sg.LeaderPerspective(s, eng) for s in states]
            return {measure: cpu_rate(lambda v: v.make_assumption(None, rng), views, seconds)}
        if measure == "copies/s":
            return {measure: cpu_rate(lambda s: s.clone(), states, seconds)}
        sampler = self.pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        try:
            states[0].resample_from_infostate(states[0].current_player(), sampler)
        except self.pyspiel.SpielError:  # skat: not implemented
            return {measure: None}
        return {measure: cpu_rate(
            lambda s: s.resample_from_infostate(s.current_player(), sampler), states,
            seconds)}


def worker(side: str) -> int:
    """Answer requests, one JSON object a line on stdin, with one on stdout."""
    engines: OurEngines | PeerEngines = OurEngines() if side == "ours" else PeerEngines()
    print(json.dumps({"ready": side, "python": platform.python_version()}), flush=True)
    for line in sys.stdin:
        req = json.loads(line)
        try:
            out: dict[str, Any] = engines.measure(req["engine"], req["measure"],
                                                  req["seconds"], req["seed"])
        except Exception as exc:  # reported by the parent, naming the engine
            out = {"error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(out), flush=True)
    return 0


# -- the parent ----------------------------------------------------------------------------

def _digest() -> str:
    return hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()


def venv_python() -> Path:
    """The peers' interpreter, making their environment first when it is missing or its
    requirements changed (pip from PyPI, as peers-requirements.txt pins)."""
    python = VENV / "bin" / "python"
    if python.exists() and STAMP.exists() and STAMP.read_text().strip() == _digest():
        return python
    print(f"making {VENV} from {REQUIREMENTS.name} (once)...",
          file=sys.stderr, flush=True)
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "-r", str(REQUIREMENTS)], check=True)
    STAMP.write_text(_digest() + "\n")
    return python


class Worker:
    """A worker process of one side, asked one measurement at a time."""

    def __init__(self, side: str, python: Path | str) -> None:
        env = dict(os.environ)
        path = [str(ROOT / "src"), str(HERE)]
        if env.get("PYTHONPATH"):
            path.append(env["PYTHONPATH"])
        env["PYTHONPATH"] = os.pathsep.join(path)
        self.side = side
        self.proc = subprocess.Popen([str(python), str(Path(__file__).resolve()), "--worker",
                                      side], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=env)
        hello = self._read()
        if hello.get("ready") != side:
            raise RuntimeError(f"the {side} worker did not start: {hello}")
        self.python = hello["python"]

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.side} worker stopped (exit {self.proc.wait()})")
        result: dict[str, Any] = json.loads(line)
        return result

    def ask(self, engine: str, measure: str, seconds: float, seed: int) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"engine": engine, "measure": measure,
                                          "seconds": seconds, "seed": seed}) + "\n")
        self.proc.stdin.flush()
        out = self._read()
        if "error" in out:
            raise RuntimeError(f"{self.side} engine {engine}, {measure}: {out['error']}")
        return out

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def plan(ours: Sequence[str], peers: Sequence[str], measures: Sequence[str],
         run: int) -> list[tuple[str, str, str]]:
    """The requests of one run, as (side, engine, measure): for each measure the two sides
    taking turns, the side that starts changing from run to run."""
    order: list[tuple[str, str, str]] = []
    for measure in measures:
        mine = [("ours", e, measure) for e in ours
                if not (measure != "decisions/s" and e.endswith("-played-out"))]
        theirs = [("peers", e, measure) for e in peers]
        first, second = (mine, theirs) if run % 2 == 0 else (theirs, mine)
        for a, b in itertools.zip_longest(first, second):
            order += [x for x in (a, b) if x is not None]
    return order


def measure_all(args: argparse.Namespace) -> dict[str, Any]:
    """Every run of every request; medians and ratios."""
    peers_python = venv_python()
    workers = {"ours": Worker("ours", sys.executable), "peers": Worker("peers", peers_python)}
    runs: dict[tuple[str, str, str], list[float | None]] = {}
    try:
        for run in range(args.runs):
            for side, engine, measure in plan(args.ours, args.peers, args.measures, run):
                got = workers[side].ask(engine, measure, args.seconds, args.seed + run)
                for key, value in got.items():
                    runs.setdefault((side, engine, key), []).append(value)
                if not args.json:
                    print(f"  run {run + 1}: {side} {engine} {measure}: "
                          + ", ".join(f"{k} {v:,.0f}" if v is not None else f"{k} -"
                                      for k, v in got.items()), file=sys.stderr, flush=True)
    finally:
        for w in workers.values():
            w.close()
    figures: list[dict[str, Any]] = []
    for (side, engine, key), values in runs.items():
        real = [v for v in values if v is not None]
        figures.append({"side": side, "engine": engine, "measure": key,
                        "median": statistics.median(real) if real else None,
                        "min": min(real) if real else None, "max": max(real) if real else None,
                        "runs": values})
    med = {(f["side"], f["engine"], f["measure"]): f for f in figures}
    ratios = []
    for measure in args.measures:
        for mine in args.ours:
            for theirs in args.peers:
                a, b = med.get(("ours", mine, measure)), med.get(("peers", theirs, measure))
                if not a or not b or a["median"] is None or b["median"] is None:
                    continue
                per_run = [x / y for x, y in zip(a["runs"], b["runs"], strict=True)
                           if x is not None and y]
                ratios.append({"measure": measure, "ours": mine, "peer": theirs,
                               "ratio": a["median"] / b["median"],
                               "run_min": min(per_run), "run_max": max(per_run)})
    return {"python": {"ours": workers["ours"].python, "peers": workers["peers"].python},
            "machine": platform.machine(), "clock": "process_time (CPU)",
            "seconds": args.seconds, "runs": args.runs, "seed": args.seed,
            "figures": figures, "ratios": ratios}


def report(result: dict[str, Any]) -> str:
    """The figures as a table, then the ratio lines."""
    lines = [f"CPU time, one process each; medians of {result['runs']} runs of"
             f" {result['seconds']:g} s (min-max over runs)"]
    for f in sorted(result["figures"], key=lambda f: (f["measure"], f["side"] != "ours")):
        if f["median"] is None:
            lines.append(f"  {f['measure']:<12} {f['side']:<5} {f['engine']:<21} -"
                         " (the engine has no such operation)")
            continue
        lines.append(f"  {f['measure']:<12} {f['side']:<5} {f['engine']:<21}"
                     f" {f['median']:>12,.0f}  ({f['min']:,.0f}-{f['max']:,.0f})")
    lines.append("ratios, ours / peer (range of the per-run ratios):")
    for r in result["ratios"]:
        lines.append(f"  {r['measure']} {r['ours']}/{r['peer']}: {r['ratio']:.2f}"
                     f" ({r['run_min']:.2f}-{r['run_max']:.2f})")
    for r in result["ratios"]:
        lines.append(f"ratio {r['measure']} {r['ours']}/{r['peer']}: {r['ratio']:.2f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure both sides and print the figures and ratios (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="CPU seconds of each run of each measure (default 5)")
    parser.add_argument("--runs", type=int, default=5,
                        help="runs of each measure; the median is reported (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random play")
    parser.add_argument("--ours", nargs="+", choices=OURS, default=list(OURS),
                        help="our engines (default: all)")
    parser.add_argument("--peers", nargs="+", choices=PEERS, default=list(PEERS),
                        help="the peers' engines (default: all)")
    parser.add_argument("--measures", nargs="+", choices=MEASURES, default=list(MEASURES),
                        help="what to measure (default: all)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--worker", choices=("ours", "peers"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.worker)
    if args.seconds <= 0 or args.runs < 1:
        parser.error("--seconds must be positive and --runs at least 1")
    result = measure_all(args)
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
