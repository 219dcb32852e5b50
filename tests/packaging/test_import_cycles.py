"""No import circles among our modules: each module's imports (deferred ones and those
read only by the type checker included) form a graph without cycles, so every module can
be read, imported and tested above the ones it uses.  The import-linter contracts in
pyproject.toml name each boundary; this finds any circle they do not cover.

    python tests/packaging/test_import_cycles.py      # print the circles, one a line
"""

from __future__ import annotations

import sys

import grimp

PACKAGES = ("rules", "bots", "pinochle_tui")
# modules in a circle that is being taken apart elsewhere; this set must become empty
PENDING: frozenset[str] = frozenset()


def import_cycles() -> list[list[str]]:
    """Every set of our modules that import each other round a circle (`circles` of the
    import graph grimp builds).  A package's ``__init__`` importing its own modules counts
    like any other import."""
    graph = grimp.build_graph(*PACKAGES, include_external_packages=False)
    return circles({m: graph.find_modules_directly_imported_by(m) & graph.modules for m in graph.modules})


def circles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node of the graph ``imports``
    (module -> the modules it imports), each sorted, the list sorted."""
    modules = sorted(imports)
    edges = {m: sorted(imports[m]) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in modules:  # Tarjan's algorithm, iterative (no recursion limit)
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            nexts = edges[node]
            if i < len(nexts):
                work.append((node, i + 1))
                child = nexts[i]
                if child not in index:
                    work.append((child, 0))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            if low[node] == index[node]:
                part = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    part.append(m)
                    if m == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return sorted(found)


def test_circles_are_the_strongly_connected_parts() -> None:
    imports = {
        "a": {"b"},
        "b": {"c", "d"},
        "c": {"a"},  # a -> b -> c -> a
        "d": {"e"},
        "e": {"d", "f"},  # d <-> e
        "f": set(),
        "g": {"a", "g"},  # imports itself and into a circle, in none
    }
    assert circles(imports) == [["a", "b", "c"], ["d", "e"]]
    assert circles({"x": {"y"}, "y": set()}) == []


def test_no_import_circles_in_the_rules_or_the_app() -> None:
    assert [c for c in import_cycles() if not set(c) <= PENDING] == []


def test_every_pending_module_is_still_in_a_circle() -> None:
    """A module whose circle is gone leaves `PENDING`."""
    in_circles = {m for c in import_cycles() for m in c}
    assert in_circles >= PENDING


if __name__ == "__main__":
    cycles = import_cycles()
    for c in cycles:
        print(" <-> ".join(c))
    print(f"{len(cycles)} import circles among {', '.join(PACKAGES)}", file=sys.stderr)
