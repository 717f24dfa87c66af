"""Dealing the cards a seat cannot see, consistently with what it knows.

:func:`sample_hands` deals a *pool* of hidden cards to *places* (the other hands, the
stock, a widow or kitty) so that each place gets its number of cards and no place gets a
card its *mask* excludes. A mask is an int with bit ``c`` set for each card id ``c`` the
place is known not to hold: a suit it failed to follow, the trumps it failed to play, the
cards above a trick's winner it failed to head with. The caller pins the cards it knows
the place of (a card shown, the turn-up taken, the cards a seat passed) before calling,
and puts every other card it cannot place into the pool, undealt ones included, so that
no card stays frozen where it really lies.

Every consistent deal is equally likely, treating the copies of a card as different
physical cards:

- cards that only one place can take go there first;
- places whose masks exclude none of the pool are merged into one, split at the end;
- with one or two places left the split is exact (the cards only A may hold, only B,
  and either; either's cards are chosen uniformly);
- with three or more, deals are drawn uniformly and redrawn until one fits every mask
  (rejection sampling: uniform, if slower when the masks are tight). Masks are never
  dropped: after ``max_tries`` refusals a deal that fits every mask is built directly
  (by a flow through the cards' allowed places, taken in random order), consistent
  though no longer exactly uniform.

The result depends only on the pool's order, the sizes, the masks and the generator, so
a caller that sorts the pool (a canonical order) gets a sample that is a function of the
observation and the generator alone.

>>> import random
>>> hearts = 0xFFFF << 32                  # every card id of suit 2 (hearts)
>>> pool = [2 * 16 + 14, 2 * 16 + 13, 14, 13]  # AH KH AC KC
>>> a, b = sample_hands(pool, [2, 2], [hearts, 0], random.Random(1))
>>> sorted(a), sorted(b)                   # A is void in hearts: both hearts go to B
([13, 14], [45, 46])
"""

from __future__ import annotations

import random
from collections.abc import Sequence

#: How many deals rejection sampling draws before building one directly.
MAX_TRIES = 5000


class NoConsistentDeal(ValueError):
    """No deal of the pool fits the sizes and masks: the observation contradicts itself
    (the real deal is always a witness, so a correct engine never meets this)."""


def sample_hands(pool: Sequence[int], sizes: Sequence[int], masks: Sequence[int],
                 rng: random.Random, *, max_tries: int = MAX_TRIES) -> list[list[int]]:
    """Deal ``pool`` to ``len(sizes)`` places: place ``i`` gets ``sizes[i]`` cards, none
    with its bit set in ``masks[i]``; each list in random order (a stock's order is
    drawn too). Raises :class:`NoConsistentDeal` if no deal fits."""
    n = len(sizes)
    if len(masks) != n:
        raise ValueError("sample_hands needs one mask per place")
    if any(s < 0 for s in sizes) or sum(sizes) != len(pool):
        raise NoConsistentDeal(f"{len(pool)} hidden cards cannot fill places of sizes"
                               f" {list(sizes)}")
    out: list[list[int]] = [[] for _ in range(n)]
    cap = list(sizes)
    every = (1 << n) - 1
    hit = 0
    for m in masks:
        hit |= m
    cards = list(pool)
    if not any(hit >> c & 1 for c in cards):  # no mask bites: one shuffle
        rng.shuffle(cards)
        at = 0
        for i, size in enumerate(sizes):
            out[i] = cards[at:at + size]
            at += size
        return out
    allow = {}
    for c in set(cards):
        a = every
        for i, m in enumerate(masks):
            if m >> c & 1:
                a &= ~(1 << i)
        allow[c] = a
    free = _force(cards, allow, cap, out)
    open_places = [i for i in range(n) if cap[i] > 0]
    # places no remaining card is barred from are interchangeable: merge them
    loose = [i for i in open_places
             if all(allow[c] >> i & 1 for c in free)]
    tight = [i for i in open_places if i not in loose]
    groups: list[list[int]] = [[i] for i in tight] + ([loose] if loose else [])
    gcap = [sum(cap[i] for i in g) for g in groups]
    gallow = {c: sum(1 << k for k, g in enumerate(groups) if any(allow[c] >> i & 1
                                                                for i in g))
              for c in set(free)}
    if len(groups) <= 2:
        dealt = _split(free, groups, gcap, gallow, rng)
    else:
        dealt = _reject(free, gcap, gallow, rng, max_tries) \
            or _flow(free, gcap, gallow, rng)
    for g, got in zip(groups, dealt, strict=True):
        if len(g) == 1:
            out[g[0]] += got
        else:  # a merged group: split uniformly among its places
            rng.shuffle(got)
            at = 0
            for i in g:
                out[i] += got[at:at + cap[i]]
                at += cap[i]
    for hand in out:
        rng.shuffle(hand)
    return out


def _force(cards: list[int], allow: dict[int, int], cap: list[int],
           out: list[list[int]]) -> list[int]:
    """Put each card that only one open place may take in that place, until none is
    left; the cards still free, in pool order."""
    free = cards
    while True:
        rest: list[int] = []
        moved = False
        open_mask = sum(1 << i for i, c in enumerate(cap) if c > 0)
        for c in free:
            a = allow[c] & open_mask
            if a == 0:
                raise NoConsistentDeal("a hidden card fits no place with room")
            if a & (a - 1) == 0:  # one place only
                i = a.bit_length() - 1
                out[i].append(c)
                cap[i] -= 1
                if cap[i] == 0:
                    open_mask &= ~a
                moved = True
            else:
                rest.append(c)
        if any(c < 0 for c in cap):
            raise NoConsistentDeal("more cards are known to lie in a place than it holds")
        free = rest
        if not moved:
            return free


def _split(free: list[int], groups: list[list[int]], gcap: list[int],
           gallow: dict[int, int], rng: random.Random) -> list[list[int]]:
    """The exact split between one or two places."""
    if len(groups) == 0:
        return []
    if len(groups) == 1:
        return [list(free)]
    only_a = [c for c in free if gallow[c] == 1]
    only_b = [c for c in free if gallow[c] == 2]
    either = [c for c in free if gallow[c] == 3]
    k = gcap[0] - len(only_a)
    if k < 0 or len(only_b) > gcap[1] or k > len(either):
        raise NoConsistentDeal("the hidden cards cannot be split as the masks require")
    picked = set(rng.sample(range(len(either)), k))
    a = only_a + [c for j, c in enumerate(either) if j in picked]
    b = only_b + [c for j, c in enumerate(either) if j not in picked]
    return [a, b]


def _reject(free: list[int], gcap: list[int], gallow: dict[int, int], rng: random.Random,
            max_tries: int) -> list[list[int]] | None:
    """Uniform deals, drawn until one fits: ``None`` after ``max_tries``."""
    cards = list(free)
    bounds = []
    at = 0
    for k, size in enumerate(gcap):
        bounds.append((k, at, at + size))
        at += size
    for _ in range(max_tries):
        rng.shuffle(cards)
        if all(gallow[cards[j]] >> k & 1 for k, lo, hi in bounds for j in range(lo, hi)):
            return [cards[lo:hi] for _, lo, hi in bounds]
    return None


def _flow(free: list[int], gcap: list[int], gallow: dict[int, int],
          rng: random.Random) -> list[list[int]]:
    """A deal that fits every mask, built one card at a time by augmenting paths (each
    card moved at most along a chain of places that may take it), the cards and places
    tried in random order."""
    n = len(gcap)
    cards = list(free)
    rng.shuffle(cards)
    where: list[int] = [-1] * len(cards)
    held: list[list[int]] = [[] for _ in range(n)]  # indices into cards

    def place(j: int, seen: set[int]) -> bool:
        ks = [k for k in range(n) if gallow[cards[j]] >> k & 1 and k not in seen]
        rng.shuffle(ks)
        for k in ks:  # a place with room
            if len(held[k]) < gcap[k]:
                held[k].append(j)
                where[j] = k
                return True
        for k in ks:  # or move one of its cards on, and take its spot
            seen.add(k)
            for other in list(held[k]):
                held[k].remove(other)
                if place(other, seen):
                    held[k].append(j)
                    where[j] = k
                    return True
                held[k].append(other)
                where[other] = k
        return False

    for j in range(len(cards)):
        if not place(j, set()):
            raise NoConsistentDeal("the hidden cards cannot be dealt as the masks require")
    return [[cards[j] for j in held[k]] for k in range(n)]


__all__ = ["MAX_TRIES", "NoConsistentDeal", "sample_hands"]
