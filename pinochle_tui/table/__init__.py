"""The table as one seat sees it (DESIGN.md "pinochle_tui/": the table renders one seat's
facts).

    facts   `SeatFacts`: what one seat may see and do now, an immutable value; the
            choices, the keys' states and the selection, worked out from the seat's
            `SeatView` and legal actions alone.  The panels and widgets draw from it.
    build   `seat_facts`: the one place that reads the `Controller` for the table, once
            per change (an action applied, a selection moved, a pacing step).

The arrows (import-linter contracts in pyproject.toml): the screens import ``build``;
``build`` imports the controller and ``facts``; the panels, the widgets and ``facts``
never import the controller, so nothing they draw can reach another seat's cards.  A
seat on another machine would be handed the same value's parts (its view, its legal
actions, the public names and scores) and nothing else.
"""
