"""The Pareto frontier of a set of points, each axis with its own better direction.

A point is on the frontier when no other point is at least as good on both axes and better on one:
throughput against latency, the best trade-offs any option reaches at any load. Two equal points do not
beat each other, so both stay on it. Sorting first makes it ``n log n``, not a comparison of every pair.

>>> frontier([(1.0, 10.0), (2.0, 20.0), (2.0, 5.0)], "lower", "higher")
[0, 1]

Points of different contexts (two models, two machines) never trade against each other: a reader has one of
them. :func:`per_context` gives each context its own frontier, so a slower model's best trade-offs are never
hidden behind the faster one's.

>>> per_context([(1.0, 10.0), (2.0, 20.0), (2.0, 5.0)], ["a", "a", "b"], "lower", "higher")
{'a': [0, 1], 'b': [2]}
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Literal, TypeVar

Better = Literal["higher", "lower"]
K = TypeVar("K", bound=Hashable)


def frontier(points: Sequence[tuple[float, float]], better_x: Better, better_y: Better) -> list[int]:
    """Indices of the points of ``points`` (``(x, y)``) on the Pareto frontier, in ascending order."""
    sx = 1.0 if better_x == "higher" else -1.0
    sy = 1.0 if better_y == "higher" else -1.0
    # Oriented so that higher is better on both axes, then from the best x down: a point is beaten
    # exactly when a point of strictly better x has a y at least as good, or one of the same x a better y.
    oriented = [(sx * x, sy * y) for x, y in points]
    order = sorted(range(len(points)), key=lambda i: (-oriented[i][0], -oriented[i][1]))
    on: list[int] = []
    best_y = float("-inf")  # the best y among points of strictly better x
    i = 0
    while i < len(order):
        x = oriented[order[i]][0]
        group = []
        while i < len(order) and oriented[order[i]][0] == x:
            group.append(order[i])
            i += 1
        top = oriented[group[0]][1]  # the group is sorted by y, best first
        if top > best_y:
            on += [j for j in group if oriented[j][1] == top]
            best_y = top
    return sorted(on)


def per_context(
    points: Sequence[tuple[float, float]], contexts: Sequence[K], better_x: Better, better_y: Better
) -> dict[K, list[int]]:
    """For each context (in order of first appearance), the indices of ``points`` on that context's own frontier."""
    out: dict[K, list[int]] = {}
    for ctx in dict.fromkeys(contexts):
        mine = [i for i, c in enumerate(contexts) if c == ctx]
        out[ctx] = [mine[k] for k in frontier([points[i] for i in mine], better_x, better_y)]
    return out
