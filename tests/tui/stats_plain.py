"""The figures worked out straight from the rows, as `StatsStore.figures` worked them out
before each game's tally was kept: a pass over every hand and hand side per figure, each
game's variant read from its JSON, every game checked in Python (`_game_problem`).  The
reference the tallies' figures are compared with (test_stats_tallies)."""

from __future__ import annotations

import sqlite3
from typing import Any

from pinochle_tui.stats import (
    COUNTED,
    GAME_ROWS,
    MELD_COUNTED,
    StatsStore,
    _avg,
    _contracts,
    _game_problem,
    _percent,
    _sum_contracts,
    _your_side_known,
    bid_with,
    checks_figures,
    partner_contracts,
    people_hands,
    sat_out,
    sum_checks,
    sum_partner_contracts,
)

PLAIN_NOT_SKIPPED = "g.id NOT IN (SELECT id FROM temp.plain_skipped)"
PLAIN_HOT_SEAT_GAMES = "temp.plain_rules r JOIN games g ON g.id = r.id AND r.hot_seat"
PLAIN_RULES = (
    "INSERT INTO temp.plain_rules SELECT g.id, g.variant, g.scale, g.human_side,"
    " COALESCE(json_extract(g.variant_json, '$.set_forfeits_meld_and_tricks'), 1),"
    " COALESCE(json_extract(g.variant_json, '$.table_seats'), json_extract(g.variant_json, '$.players')),"
    " json_extract(g.variant_json, '$.players'),"
    " COALESCE(json_extract(g.variant_json, '$.round_flow'), 'auction') != 'stock',"
    " COALESCE(p.sides > 1, 0)"
    " FROM games g LEFT JOIN (SELECT game_id, COUNT(DISTINCT side) AS sides FROM seats WHERE kind = 'human'"
    " GROUP BY game_id) p ON p.game_id = g.id"
    " WHERE g.id NOT IN (SELECT id FROM temp.plain_skipped)"
)


def damaged_games(conn: sqlite3.Connection) -> dict[int, str]:
    """Every game checked on its own in Python, with its rows, then the rows of games not in
    ``games``: the games left out and why, in the order the line names them."""
    conn.row_factory = sqlite3.Row
    bad: dict[int, str] = {}
    try:
        for g in conn.execute("SELECT * FROM games ORDER BY id").fetchall():
            rows = (
                conn.execute(f"SELECT * FROM {t} WHERE game_id = ? ORDER BY {key}", (g["id"],)).fetchall()
                for t, key in GAME_ROWS
            )
            why = _game_problem(g, *rows)
            if why is not None:
                bad[g["id"]] = why
        for table in ("seats", "hands", "hand_sides"):
            for (gid,) in conn.execute(
                f"SELECT DISTINCT game_id FROM {table} WHERE typeof(game_id) = 'integer'"
                " AND game_id NOT IN (SELECT id FROM games) ORDER BY game_id"
            ).fetchall():
                bad.setdefault(gid, f"{table}: rows of a game that is not in games")
    finally:
        conn.row_factory = None
    return bad


class Plain:
    """The figures of ``store``'s file, straight from its rows, on a connection of its own."""

    def __init__(self, store: StatsStore) -> None:
        self.path = store.path
        self.conn = sqlite3.connect(store.path)
        self.bad = damaged_games(self.conn)
        self.conn.execute("CREATE TEMP TABLE plain_skipped (id PRIMARY KEY)")
        self.conn.executemany("INSERT INTO temp.plain_skipped VALUES (?)", [(k,) for k in self.bad])
        self.conn.execute(
            "CREATE TEMP TABLE plain_rules"
            " (id INTEGER PRIMARY KEY, variant, scale, human_side, forfeits, people, players, auction, hot_seat)"
        )
        self.conn.execute(PLAIN_RULES)

    def close(self) -> None:
        self.conn.close()

    def _rules(self) -> None:
        pass

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        cur = self.conn.cursor()
        cur.row_factory = sqlite3.Row
        return list(cur.execute(sql, params).fetchall())

    def figures(self, variant: str | None = None) -> dict[str, Any]:
        """Every figure, worked out by SQL (``variant``: only its games).  Points are in
        each variant's display scale (its ``scale``); averages to two decimals; the meld
        averaged is each side's as it counted (`MELD_COUNTED`: a set side's 0).  Where no
        scored hand had a "your side" (bots only, hot-seat opponents) your side's figures
        are None, its contracts too (the words say "—"), never zeros."""
        p = (variant,)
        only = f"(?1 IS NULL OR g.variant = ?1) AND {PLAIN_NOT_SKIPPED}"
        self._rules()
        totals = self._rows(
            "SELECT COUNT(*) AS recorded, COALESCE(SUM(status = 'finished'), 0) AS finished,"
            f" COALESCE(SUM(status != 'finished'), 0) AS unfinished FROM games g WHERE {only}",
            p,
        )
        games = dict(totals[0]) if totals else {"recorded": 0, "finished": 0, "unfinished": 0}
        yours = self._rows(
            "SELECT COUNT(*) AS games, COALESCE(SUM(winner_side = human_side), 0) AS wins FROM games g"
            f" WHERE status = 'finished' AND human_side IS NOT NULL AND {only}",
            p,
        )
        your: dict[str, Any] = dict(yours[0]) if yours else {"games": 0, "wins": 0}
        your["win_percent"] = _percent(your["wins"], your["games"])
        # games with a human seat not finished yet: "no finished game yet", not "no human seat"
        open_ = self._rows(
            f"SELECT COUNT(*) AS n FROM games g WHERE status != 'finished' AND human_side IS NOT NULL AND {only}", p
        )
        your["unfinished"] = open_[0]["n"] if open_ else 0
        your.update(self._streaks(variant))
        per_variant: dict[tuple[str, int], dict[str, Any]] = {}
        for r in self._rows(
            "SELECT g.variant, g.scale, COUNT(*) AS games, SUM(g.status = 'finished') AS finished,"
            " SUM(g.status = 'finished' AND g.human_side IS NOT NULL) AS your_games,"
            " SUM(g.status = 'finished' AND g.human_side IS NOT NULL AND g.winner_side = g.human_side) AS your_wins,"
            " SUM(g.status != 'finished' AND g.human_side IS NOT NULL) AS your_unfinished,"
            # a form without an auction (the stock game, §2.7) has no contract to count
            " MAX(r.auction) AS auction"
            f" FROM games g JOIN temp.plain_rules r ON r.id = g.id WHERE {only}"
            " GROUP BY g.variant, g.scale ORDER BY COUNT(*) DESC, g.variant",
            p,
        ):
            per_variant[(r["variant"], r["scale"])] = {
                "variant": r["variant"],
                "scale": "x1" if r["scale"] == 10 else "x10",
                "games": r["games"],
                "finished": r["finished"],
                "your_games": r["your_games"],
                "your_wins": r["your_wins"] or 0,
                "your_win_percent": _percent(r["your_wins"], r["your_games"]),
                "your_unfinished": r["your_unfinished"],
                "auction": bool(r["auction"]),
                "hands": 0,
                "contracts": _contracts(None),
                "your_contracts": _contracts(None),
                "average_meld": None,
                "your_average_meld": None,
                "points_per_hand": None,
                "your_points_per_hand": None,
            }
        contract_cols = (
            "COUNT(*) AS bid, SUM(h.outcome = 'made') AS made, SUM(h.outcome = 'set') AS set_,"
            " SUM(h.outcome = 'thrown_in') AS thrown_in, AVG(h.contract) / r.scale AS average_bid"
        )
        # the hands' passes read each game's columns from `GAME_RULES` (its good games only)
        only_r = "(?1 IS NULL OR r.variant = ?1)"
        for mine, key in ((False, "contracts"), (True, "your_contracts")):
            cond = f" AND {bid_with('r.human_side')}" if mine else ""
            for r in self._rows(
                f"SELECT r.variant, r.scale, {contract_cols} FROM hands h JOIN temp.plain_rules r ON r.id = h.game_id"
                f" WHERE h.contract IS NOT NULL AND h.outcome != 'meld_win' AND h.bidder IS NOT NULL AND {only_r}{cond}"
                " GROUP BY r.variant, r.scale",
                p,
            ):
                if (r["variant"], r["scale"]) in per_variant:
                    per_variant[(r["variant"], r["scale"])][key] = _contracts(r)
        kinds = ",".join(f"'{k}'" for k in COUNTED)
        # summed game by game (the games read in order, each game's hand sides by its index: no
        # sort), then per variant.  An average is the sum over the count, as AVG works it out.
        per_game = (
            "SELECT r.variant, r.scale, COUNT(DISTINCT h.hand_no) AS hands, COUNT(*) AS n,"
            f" SUM({MELD_COUNTED}) AS meld, SUM(s.change) AS change,"
            " COUNT(CASE WHEN s.side = r.human_side THEN 1 END) AS your_n,"
            f" SUM(CASE WHEN s.side = r.human_side THEN {MELD_COUNTED} END) AS your_meld,"
            " SUM(CASE WHEN s.side = r.human_side THEN s.change END) AS your_change"
            " FROM temp.plain_rules r CROSS JOIN hand_sides s CROSS JOIN hands h"  # (CROSS: in this order)
            " WHERE s.game_id = r.id AND h.game_id = s.game_id AND h.hand_no = s.hand_no"
            f" AND h.kind IN ({kinds}) AND {only_r} AND NOT {sat_out('s.side')} GROUP BY r.id"
        )
        for r in self._rows(
            "SELECT variant, scale, SUM(hands) AS hands,"
            " SUM(meld) * 1.0 / SUM(n) * 1.0 / scale AS average_meld,"
            " SUM(change) * 1.0 / SUM(n) * 1.0 / scale AS points_per_hand,"
            " SUM(your_meld) * 1.0 / SUM(your_n) * 1.0 / scale AS your_average_meld,"
            " SUM(your_change) * 1.0 / SUM(your_n) * 1.0 / scale AS your_points_per_hand"
            f" FROM ({per_game}) GROUP BY variant, scale",
            p,
        ):
            d = per_variant.get((r["variant"], r["scale"]))
            if d is not None:
                d["hands"] = r["hands"]
                for k in ("average_meld", "points_per_hand", "your_average_meld", "your_points_per_hand"):
                    d[k] = _avg(r[k])
        for d in per_variant.values():
            d["your_checks"] = None
            d["partner_contracts"] = None
        # the checks of your side's people (its human seats), hand by hand, per variant
        for r in self._rows(
            "SELECT r.variant, r.scale, COUNT(DISTINCT c.game_id) AS games, SUM(c.collected) AS won,"
            " SUM(c.paid) AS lost FROM hand_checks c JOIN temp.plain_rules r ON r.id = c.game_id"
            " JOIN seats p ON p.game_id = c.game_id AND p.seat = c.person"
            f" WHERE p.kind = 'human' AND p.side = r.human_side AND {only_r} GROUP BY r.variant, r.scale",
            p,
        ):
            if (r["variant"], r["scale"]) in per_variant:
                per_variant[(r["variant"], r["scale"])]["your_checks"] = checks_figures(r["games"], r["won"], r["lost"])
        # another's contract your side played as its called partner (the card's holder of your
        # side, the bidder not), read hand by hand in Python
        partner_sums: dict[tuple[str, int], dict[str, int]] = {}
        for h in self._rows(
            f"SELECT r.variant, r.scale, r.human_side, h.outcome, {bid_with('r.human_side')} AS yours,"
            " p.side AS partner_side FROM hands h JOIN temp.plain_rules r ON r.id = h.game_id"
            " JOIN seats p ON p.game_id = h.game_id AND p.seat = h.partner"
            " WHERE h.contract IS NOT NULL AND h.outcome != 'meld_win' AND h.bidder IS NOT NULL"
            f" AND h.partner != h.bidder AND {only_r}",
            p,
        ):
            key = (h["variant"], h["scale"])
            if h["human_side"] is None or h["partner_side"] != h["human_side"] or h["yours"] or key not in per_variant:
                continue
            sums = partner_sums.setdefault(key, {"bid": 0, "made": 0, "set": 0, "thrown_in": 0})
            sums["bid"] += 1
            if h["outcome"] in ("made", "set", "thrown_in"):
                sums[h["outcome"]] += 1
        for key, sums in partner_sums.items():
            per_variant[key]["partner_contracts"] = partner_contracts(sums)
        all_contracts = _sum_contracts([d["contracts"] for d in per_variant.values()])
        # a variant with no scored hand of a "your side" (bots only, hot-seat opponents) has no
        # such contracts: null, as the screen's "—" (0 is a your side that bid nothing)
        for d in per_variant.values():
            if not _your_side_known(d):
                d["your_contracts"] = None
        known = [d["your_contracts"] for d in per_variant.values() if d["your_contracts"] is not None]
        your_contracts = _sum_contracts(known) if known else None
        # per seat kind and game: its seats, the sides they sat on, whether one of them won; a
        # kind on both sides of a game (two humans opposing, standard against standard) always
        # wins it, so its win rate counts only the games it sat on one side of
        seat_kinds = [
            dict(r)
            for r in self._rows(
                "WITH k AS (SELECT s.game_id, CASE WHEN s.kind = 'human' THEN 'human' ELSE s.level END AS kind,"
                " MAX(s.kind = 'human') AS human, COUNT(*) AS seats, COUNT(DISTINCT s.side) AS sides,"
                " COALESCE(MAX(g.winner_side = s.side), 0) AS won"
                f" FROM seats s JOIN games g ON g.id = s.game_id WHERE g.status = 'finished' AND {only}"
                " GROUP BY s.game_id, 2)"
                " SELECT kind, SUM(seats) AS seats, COUNT(*) AS games, SUM(won) AS wins,"
                " SUM(sides > 1) AS both_sides, SUM(sides = 1) AS one_side_games,"
                " SUM(sides = 1 AND won) AS one_side_wins FROM k GROUP BY kind ORDER BY MAX(human) DESC, kind",
                p,
            )
        ]
        for d in seat_kinds:
            # its win rate is of the games it sat on one side of, as the words say (None when
            # it sat on both sides of every one); ``wins`` counts every game a seat of it won
            d["win_percent"] = _percent(d["one_side_wins"], d["one_side_games"])
            d["one_side_win_percent"] = d["win_percent"]
        hot_seat = self._hot_seat(only, p)
        for d in per_variant.values():
            d["hot_seat_finished_games"] = 0
        for r in self._rows(
            f"SELECT g.variant, g.scale, COUNT(*) AS n FROM {PLAIN_HOT_SEAT_GAMES}"
            f" WHERE g.status = 'finished' AND {only} GROUP BY g.variant, g.scale",
            p,
        ):
            if (r["variant"], r["scale"]) in per_variant:
                per_variant[(r["variant"], r["scale"])]["hot_seat_finished_games"] = r["n"]
        out = {
            "database": str(self.path),
            "variant": variant,
            "games": games,
            "your_side": your,
            "contracts": all_contracts,
            "your_contracts": your_contracts,
            "partner_contracts": sum_partner_contracts([d["partner_contracts"] for d in per_variant.values()]),
            "your_checks": sum_checks([d["your_checks"] for d in per_variant.values()]),
            "variants": list(per_variant.values()),
            "seat_kinds": seat_kinds,
            "hot_seat": hot_seat,
        }
        return out

    def _hot_seat(self, only: str, p: tuple[Any, ...]) -> dict[str, Any]:
        """The games with humans on opposing sides (no "your side": hot-seat, or a hosted
        table whose people at other terminals are seats of their own): how many finished
        and unfinished, and per human seat by name the finished games it played and won
        and its unfinished games, the most wins first.  Each key says what it counts (an
        unfinished game is no game of the players' win rates, but names its people)."""
        n = self._rows(
            "SELECT COALESCE(SUM(status = 'finished'), 0) AS finished, COALESCE(SUM(status != 'finished'), 0)"
            f" AS unfinished FROM {PLAIN_HOT_SEAT_GAMES} WHERE {only}",
            p,
        )
        players = [
            dict(r)
            for r in self._rows(
                "SELECT s.name, COUNT(DISTINCT CASE WHEN g.status = 'finished' THEN s.game_id END)"
                " AS finished_games,"
                " COUNT(DISTINCT CASE WHEN g.status = 'finished' AND g.winner_side = s.side THEN s.game_id END)"
                " AS wins,"
                " COUNT(DISTINCT CASE WHEN g.status != 'finished' THEN s.game_id END) AS unfinished"
                f" FROM {PLAIN_HOT_SEAT_GAMES} JOIN seats s ON s.game_id = g.id"
                f" WHERE s.kind = 'human' AND {only}"
                " GROUP BY s.name ORDER BY wins DESC, finished_games DESC, s.name",
                p,
            )
        ]
        for d in players:
            d["win_percent"] = _percent(d["wins"], d["finished_games"])
            d["unfinished_games"] = d.pop("unfinished")
        played, bids = self._people_hands(only, p)
        people_hands(players, played, bids)
        finished, unfinished = (int(n[0]["finished"]), int(n[0]["unfinished"])) if n else (0, 0)
        return {"finished_games": finished, "unfinished_games": unfinished, "players": players}

    def _people_hands(self, only: str, p: tuple[Any, ...]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Per human seat's name and game scale, its scored hands, their meld as it counted
        and their trick points; per name, its contracts: worked out here in Python, hand by
        hand, from each game's rows (who sat out by the rule of §0.4.16, the meld a set side
        forfeits by the variant's JSON), for `stats.people_hands`."""
        played: dict[tuple[str, int], list[int]] = {}
        bids: dict[str, list[int]] = {}
        for g in self._rows(f"SELECT r.* FROM {PLAIN_HOT_SEAT_GAMES} WHERE {only}", p):
            people, players, scale = g["people"], g["players"], g["scale"]
            humans = self._rows("SELECT * FROM seats WHERE game_id = ? AND kind = 'human'", (g["id"],))
            for h in self._rows("SELECT * FROM hands WHERE game_id = ? ORDER BY hand_no", (g["id"],)):
                sides = {
                    s["side"]: s
                    for s in self._rows(
                        "SELECT * FROM hand_sides WHERE game_id = ? AND hand_no = ?", (g["id"], h["hand_no"])
                    )
                }
                for seat in humans:
                    if h["bidder"] == seat["seat"] and h["contract"] is not None and h["outcome"] != "meld_win":
                        c = bids.setdefault(seat["name"], [0, 0, 0, 0])
                        c[0] += 1
                        for i, outcome in enumerate(("made", "set", "thrown_in"), 1):
                            c[i] += h["outcome"] == outcome
                    sat = people > players and (
                        seat["seat"] == h["dealer"]
                        or (people - players == 2 and seat["seat"] == (h["dealer"] + 2) % people)
                    )
                    side = sides.get(seat["side"])
                    if h["kind"] not in COUNTED or sat or side is None:
                        continue
                    meld = 0 if side["made"] == 0 and g["forfeits"] else side["meld_saved"]
                    t = played.setdefault((seat["name"], scale), [0, 0, 0])
                    t[0] += 1
                    t[1] += meld
                    t[2] += side["trick_points"]
        return (
            [{"name": k[0], "scale": k[1], "hands": v[0], "meld": v[1], "tricks": v[2]} for k, v in played.items()],
            [{"name": k, "bid": v[0], "made": v[1], "set_": v[2], "thrown_in": v[3]} for k, v in bids.items()],
        )

    def _streaks(self, variant: str | None) -> dict[str, int]:
        """Your side's current and longest run of won games (finished games by end time)."""
        rows = self._rows(
            "WITH r AS (SELECT winner_side = human_side AS won, ROW_NUMBER() OVER (ORDER BY ended_at, id) AS n"
            " FROM games g WHERE status = 'finished' AND human_side IS NOT NULL"
            f" AND (?1 IS NULL OR g.variant = ?1) AND {PLAIN_NOT_SKIPPED}),"
            " runs AS (SELECT won, COUNT(*) AS len, MAX(n) AS last FROM"
            " (SELECT won, n, n - ROW_NUMBER() OVER (PARTITION BY won ORDER BY n) AS grp FROM r)"
            " GROUP BY won, grp)"
            " SELECT COALESCE((SELECT MAX(len) FROM runs WHERE won), 0) AS longest,"
            " COALESCE((SELECT len FROM runs WHERE won AND last = (SELECT MAX(n) FROM r)), 0) AS current",
            (variant,),
        )
        if not rows:
            return {"current_streak": 0, "longest_streak": 0}
        return {"current_streak": int(rows[0]["current"]), "longest_streak": int(rows[0]["longest"])}

    def running_win_rate(self, variant: str | None = None) -> list[tuple[int, float]]:
        """Your side's win rate (percent) after each finished game, oldest first."""
        rows = self._rows(
            "SELECT ROW_NUMBER() OVER w AS n,"
            " 100.0 * SUM(winner_side = human_side) OVER w / ROW_NUMBER() OVER w AS rate"
            " FROM games g WHERE status = 'finished' AND human_side IS NOT NULL AND (?1 IS NULL OR g.variant = ?1)"
            f" AND {PLAIN_NOT_SKIPPED}"
            " WINDOW w AS (ORDER BY ended_at, id ROWS UNBOUNDED PRECEDING) ORDER BY n",
            (variant,),
        )
        # a finished game nobody won (a file changed by hand) is no win: where every game so
        # far is such a game the SUM is NULL, which this query failed on (float(None)); the
        # rate is 0 there
        return [(int(r["n"]), round(float(r["rate"] or 0), 2)) for r in rows]
