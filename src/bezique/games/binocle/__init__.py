"""The Binocle family (Foster's Binocle, the ancestor of Pinochle): two-handed Binocle and
its 64-card form (:mod:`.two_handed`), three- and four-handed Binocle (:mod:`.multi`) and
Auction Binocle (:mod:`.auction`).

The family's shared machinery is :mod:`.melds` (the meld table as data, the counting
cards, the packs); the declaring rules are the Bézique family's
(:mod:`bezique.games.bezique.declarations`), which Binocle plays without carrying "to
score".
"""
