"""The expert's decisions outside trick play, by simulation: bidding, trump, passing,
burying, throwing in, five-hand's partner call, the misdeal call.

Each decision is tried over deals of the unseen cards sampled from the seat's view
(`DealSampler`): on every deal the round is rebuilt as the rules would have it at this
decision (the dealt hands worked back from the view: the kitty taken, the cards passed
and received, the cards buried; the auction so far replayed), each candidate action is
applied, the rest of the round up to the first lead is decided by the `standard` bot in
every seat (the partner's pass, the pass back, the bury, the throw-in), and the hand is
played out by `Engine.rollout` (the expert's cheap perfect-information play-out), or,
where that play-out misleads (``honest``: the throw-in, five-hand's call, trump each for
self), by the standard bot in every seat from its own view (`STANDARD_CARD_COST` nodes a
card: no seat sees another's cards, the defenders do not know a called partner before
its card falls, a weak bidder is not carried by play that knows every hand).  The
outcome is scored as `HandValue` scores it from this seat: its side's change less the
other sides' mean (x10 points).  Every candidate is tried on the same deals (common
random numbers), and the `standard` bot's choice is kept unless another candidate's mean
beats it by more than ``confidence`` standard errors of the difference over those deals.

* naming trump: every allowed suit of three cards or more (`SimDecisions.name_trump`;
  each for self played out honestly);
* passing and burying: standard's set and a handful of sets one card away from it
  (`candidate_sets`), never all C(n, k);
* the bid: the side's meld and trick points as bidder (this seat taking the contract at
  the next bid, the others passing after it) over the deals give a make probability for
  every level at once; the level made in ``make_target`` of the deals replaces the
  standard estimate's own (mean less z spreads): standard's ceiling (its partner's bid,
  score and cap included) moves by the difference, weighted by the deals played
  (`deals_weight`), and standard's bidding rules bid to it; where the other side holds
  the high bid the pass (its bid standing) is tried on the same deals, and the raise is
  dropped where it scores more (`weigh_pass`, the figures below);
* throwing in (§8.3): playing on over the deals, played out honestly, against the
  throw-in's own score, exact by the rules (the bid lost, the others' meld shown: the
  round rebuilt scores the meld shown, not what the sampled hands could meld); the
  bidder's partner's hand made to fit the cards it passed (trump first, then aces:
  `_fit_pass`);
* five-hand's partner call (§2.12): every trump card the bidder may call, played out
  honestly, the first holder clockwise the partner on each deal;
* the misdeal call (§5.8): keeping the hand (the auction and the round decided by the
  standard bot in every seat) against the void deal's 0; standard claims every one.

What is simulated by default (`SimDecisions.pieces_of`): partners the trump, the pass,
the bury, the bid and the misdeal call; each for self trump, the bury and the bid; six-
and eight-hand the misdeal call; five-hand nothing: a piece is on where it won or was
neutral (its mean above 0, its CI not below 0), off where its mean fell below 0.  Each
new piece was measured expert against the same expert without it, duplicate, at one
table (bench/expert_bench.py
--skip-speed --versus A B, A = B plus ``decisions.also=PIECE``, B = "nodes=2000,
decisions.nodes=20000" and the pieces shown off; x10 points a board, 95% CI), and one
decision at a time on the real deal (bench/expert_decision_regret.py, its docstring):

* the throw-in, partnership (B with decisions.without=trump+pass+bury+bid, --seed
  throwin-ab): +15.0 a board (+1.4 .. +28.7, 400 boards), contracts set 17 against 28,
  thrown in 28 against 24; but with every other default piece on in both (A
  "nodes=2000,decisions.nodes=20000", B the same with decisions.without=concede, --seed
  throwin-ab2) -13.6 (-28.0 .. +0.9, 261 boards, stopped for time): off.  With the
  expert's own bid its contracts are bolder and its own trick play better than the
  standard play-out that judges playing on, which then throws in what the expert would
  make (a guess, not measured apart); one decision at a time on the real deal continued
  by standard it was right (+113.2 a differing decision);
* the throw-in, three-hand (B with decisions.without=bury+bid, --seed throwin3-ab): -4.6
  (-12.5 .. +3.3, 600 boards), though on the real deal continued by standard it was right
  at all 7 of 600 throw-ins where it differed: off each for self;
* trump, three-hand, played out honestly (B with decisions.without=bury+bid, --seed
  trump3-ab): +3.3 (-2.7 .. +9.3, 1,000 boards), made 90.9% against 90.6%: on each for
  self (by the perfect-information play-out it had measured -5.2, and chose worse suits
  on the real deals);
* five-hand's call (decisions.nodes=100000, --variant five-hand --seed call5-ab, A in one
  seat of five): -21.7 (-51.9 .. +8.6, 123 boards), though one call at a time on the real
  deal continued by standard it gained +11.28 a call: off;
* the bid at six-hand (--variant six-hand --seed bid6-ab, A in one seat of six): -7.7
  (-58.9 .. +43.6, 91 boards; -151.8 after 24): off, the big tables bid as standard does;
* the misdeal call (too rare for boards: one deal in 550): where it kept the hand,
  keeping scored +341.1 over the claim's 0 on the real deal (+250.0 .. +432.1, 66 kept of
  200 double-deck misdeals; six-hand +345.2, +173.7 .. +516.8, 40 of 100): on for
  partners and the big tables' teams.

The pieces before those, against the same
expert with every such decision standard's (bench/expert_bid_bench.py: "sim" against
"base", the expert's trick search at --nodes 2000 for both, --sim-nodes 20000; x10
points a board, 95% CI; first the screens with the standard bot's trick play for both,
--play standard, 600 boards partnership and 400 otherwise unless said):

* partnership, standard play: trump +10.5 (+0.7 .. +20.4); pass +22.6 (+12.9 .. +32.3);
  throw-in (before it was played out honestly) -3.6 (-6.4 .. -0.8, it played on where
  standard threw in, 19 against 47); bid at make_target
  0.75 -3.5 (-24.6 .. +17.5), 0.65 +77.8 (+50.0 .. +105.6, made 79.9% against 84.1%,
  786 contracts to 414), 0.55 +105.1 (+72.3 .. +137.9, made 75.8%, 934 to 266);
* partnership, expert play (200 boards, --seed bid-ab-expert): trump, pass and bid at
  0.65 +115.2 (+67.0 .. +163.5), made 85.5% against 86.9%, 255 contracts to 145, average
  bid 295.5 against 303.2; at 0.55 +167.1 (+112.0 .. +222.2), made 81.9% against 87.5%,
  304 contracts to 96, average bid 302.6 against 326.5; 0.55 against 0.65 directly (both
  simulating, --seed bid-ab-target) +50.1 (+5.5 .. +94.7), made 77.7% against 82.1%;
  and against standard itself (bench/expert_bench.py --skip-speed --boards 200 --nodes
  2000 --seed bid-vs-std, make_target set by hand): 0.55 +95.0 (+37.9 .. +152.1), made
  78.3% (standard 86.1%), 285 contracts to 115; 0.6 +101.2 (+45.3 .. +157.2), made
  79.6% (81.7%), 269 to 131, average bid 297.2 (306.1); 0.65 +67.9 (+19.9 .. +116.0),
  made 80.9% (81.8%), 241 to 159: hence 0.6 (the goal is 80% made; throw-ins
  count as not made, 91% of the contracts played on were made);
* three-hand, standard play: bury +7.0 (-0.9 .. +15.0), trump -5.2 (-11.3 .. +0.8; off
  each for self), bid at 0.65 +22.2 (+6.6 .. +37.8, 300 boards); expert play, bury and
  bid at 0.65 +62.3 (+37.9 .. +86.7, 200 boards, --seed bid-ab-3h), made 92.3% against
  91.8%; at 0.55 +77.8 (+49.5 .. +106.0), made 90.9% against 93.9%;
* partnership-kitty, standard play: bury +4.5 (-4.5 .. +13.5), trump +0.4 (-5.9 ..
  +6.7), bid at 0.65 +9.5 (-16.6 .. +35.7, 300 boards, made 78.5% against 84.8%); expert
  play, trump, bury and bid at 0.55 +27.7 (-14.2 .. +69.6, 200 boards, --seed
  bid-ab-kitty), made 80.1% against 91.1%, 277 contracts to 123.

Contracts out of reach even with every trick (the bidding side's shown meld and all the
trick points short of the contract; bench/expert_bench.py counts them): expert against
expert, partnership, 5,000 nodes, 300 duplicate boards (--versus
"nodes=5000,decisions.hopeless=0.1" "nodes=5000" --seed hopeless-ab), 23 of 365
contracts without a bound (6.3%), 1 of 235 (0.4%) with ``hopeless`` 0.1, which took
fewer contracts and scored -31.5 a board (95% CI -64.4 .. +1.3); at 0.25 (250 boards)
-16.6 (-35.4 .. +2.3), 13 of 237 against 15 of 263 (no fewer); standard's own rate in
self-play 10 of 2,000 partnership contracts (0.5%), 0 of 2,000 in three-hand and in
partnership-kitty.  Not clearly as strong, so off by default (``hopeless`` None).

Why the expert bids them (bench/expert_bench.py --skip-speed --versus ... --out-of-reach,
5,000 nodes: expert against expert, --seed hopeless-ab, 100 boards, 6 such deals;
against standard, "nodes=5000" standard --seed hopeless-vs-std, 200 boards, 6 of the
expert's 284 contracts and none of standard's 116, +106.3 a board, +59.4 .. +153.2):
every one was thrown in at the end of a contested auction, the other side's last bid
10 or 20 below the contract (310 to 380).  At its last bid the expert's ceiling stood
23 to 71 above standard's own, the simulated level 28 to 89 above standard's estimate:
the deals give the other seats uniform hands, so opponents who bid that high hold an
average hand there and the meld the auction places with them goes to this side (the
side's meld in the deals, median 170 to 240, against 20 to 110 shown).  The deals
themselves put the contract out of reach in 6% to 30% of them, which the bid's
``make_target`` (40% not made) accepts.  Against standard each followed a bid of the
expert's partner, which lifts standard's own ceiling by ``partner_bid_bonus``; in two
of the six between experts the partner had passed at its first chance.  Where no
partner passes cards the expert bids none against standard (the same command, 150
boards): three-hand (--variant three-hand --seed reach-3h) 0 of 187 contracts, standard
0 of 263, +113.0 (+83.0 .. +143.0); partnership-kitty (--seed reach-kitty) 0 of 198,
standard 0 of 102, +101.9 (+60.6 .. +143.2).

What was tried against it (expert against the same expert without it, partnership,
5,000 nodes, 300 duplicate boards, --versus "nodes=5000,decisions.X" "nodes=5000"
--seed reach-ab; x10 points a board, 95% CI; out of reach A's of its contracts
against B's):

* ``reach`` 0.1 (the raise above standard's ceiling only to the level the side reaches
  with every trick in 90% of the deals): -18.5 (-49.5 .. +12.4), 5 of 255 against 13 of
  345;
* ``reach`` 0.1 with ``make_target`` 0.55: -10.3 (-46.2 .. +25.6), 5 of 264 against 14
  of 336, and on other boards (--seed reach-ab2) -70.7 (-104.2 .. -37.1), 5 of 266
  against 14 of 334; with 0.5: -21.4 (-57.8 .. +15.0), 4 of 277 against 14 of 323;
* ``read_partner`` (the bid's deals filtered by the partner's passes): -23.7 (-50.5 ..
  +3.1), 14 of 289 against 11 of 311 (no fewer);
* with the bid's share held at 0.8 (``sim_share``, the default since), ``reach`` 0.05
  (--seed reach-h2h-5k): -35.5 (-69.4 .. -1.6), 4 of 247 against 14 of 353; against
  standard (--versus "nodes=5000,decisions.reach=0.05" standard --seed oor-vs-std-5k)
  +107.6 (+73.3 .. +141.9), 1 of 370 against standard's 1 of 230, where without it
  (--versus "nodes=5000" standard, the same boards) +126.5 (+83.7 .. +169.4), 14 of 422
  against 1 of 178: the bound brings the rate to standard's and costs 18.9 a board
  against standard (paired, -51.8 .. +14.0) and 35.5 head to head;
* no partner's bonus in the expert's own ceiling (standard's ``partner_bid_bonus`` 0
  there; decisions.partner_bonus=0 at dbea588): -49.5 (-81.1 .. -17.9), 7 of 257
  against 9 of 343;
* ``read_opponents`` (the bid's deals weighted by the other side's calls, read as the
  trick search reads them: bids 60 above standard's ceiling, passes 15 below it,
  temperature 20, floor 0.05; the share held), head to head (--seed oppread-h2h-5k):
  "calls" free of cost (inference.COST=0) -14.0 (-39.7 .. +11.7), 10 of 290 against 20
  of 310; its cost counted -6.2 (-42.5 .. +30.2), 16 of 271 against 19 of 329; "bids"
  (passes unread) free -7.3 (-30.7 .. +16.1), 10 of 286 against 23 of 314; sharper
  (temperature 10, floor 0.02, free) -14.4 (-41.1 .. +12.4); against standard (--seed
  oor-vs-std-5k), paired with the expert without it on the same boards: "calls" free
  +19.3 (-8.8 .. +47.4), 13 of 412 (14 of 422 without); "bids" -0.7 (-37.2 .. +35.9),
  11 of 399; sharper -0.4 (-31.1 .. +30.2), 10 of 408; at 35,000 nodes against standard
  ("calls", its cost counted, --seed every-partnership, 110 boards) -1.3 (-58.8 ..
  +56.2).  The rate falls head to head, where the other side bids as boldly, hardly
  against standard, and no strength is gained;
* ``make_target`` 0.55 and 0.65 with the share held, against standard (--seed
  oor-vs-std-5k, paired with 0.6 on the same boards): -3.6 (-28.7 .. +21.6), 14 of 445;
  +8.8 (-22.2 .. +39.8), 9 of 391: the bid's level sits on a plateau;
* against standard (--versus "nodes=5000,decisions.reach=0.1,decisions.make_target=0.55"
  standard --seed hopeless-vs-std, 200 boards): +101.0 (+57.6 .. +144.5), out of reach 2
  of the expert's 255 (0.8%) and 1 of standard's 145 (0.7%), where the expert without
  it had 6 of 284 (2.1%) at +106.3 on the same boards; each against standard on the same
  boards in turn (--boards 300 --nodes 5000 --compare "" "decisions.reach=0.1,
  decisions.make_target=0.55" --seed reach-compare): +146.0 against +151.5, less by 5.5
  (-40.2 .. +29.2).

The ``reach`` bound cut the rate (to standard's, against standard), but every change
scored below the expert without it head to head, where the bolder side takes more of
the contracts (345 to 255 against ``reach`` 0.1): none is on by default (``reach``
None, ``read_partner`` False, ``read_opponents`` None).  The contracts the expert bids
out of reach are mostly the risk its bid takes on purpose: at its last bid its deals put
them out of reach in 0% to 23% of them (--out-of-reach, 150 boards at 5,000 nodes), and
against standard (--seed oor-vs-std-5k) it makes 80.6% of its contracts, standard 82.6%,
while it takes 2.4 times as many (422 to 178).

At a table of experts (bench/expert_bid_bench.py --table 300 --nodes 20000 --seed
table-a: whole games, the same bot in every seat, expert at 20,000 nodes against
standard): every auction goes higher, as each seat's ceiling stands some 35 over
standard's on the same view (bench/expert_boldness.py).  The mean winning bid was 322.2
(95% CI 317.5 .. 327.0) against standard's 289.0 (285.0 .. 292.9); contracts of 300 or
more 220 of 300 against 108; both sides bid in 285 of 300 auctions (standard 237); made
85.0% against 84.7%, set 15 against 26, thrown in 30 against 20 (20 of the expert's 142
contracts of 300 to 340).  Its contracts are made as often, but the contested ones go
past what the side holds: head to head (--versus "nodes=20000" "nodes=20000"
--seed pass-h2h, below) the shipped side threw in 46 of its 239 contracts and 15 were out
of reach even with every trick.  Why: the bid's trial asks only how far the side gets as
bidder (the others passing after its bid), never what the pass would score, and its deals
give the other side the uniform hands against which a high bid of theirs looks like a
set waiting to happen for them but a fine contract for this side.  ``weigh_pass`` asks:
where the other side holds the high bid, the pass (its bid standing, the others passing)
is tried on the same deals beside the next bid, and the raise above standard's own
ceiling is dropped where the pass scores more by more than ``weigh_pass`` standard errors
of the difference.  Partnership, head to head against the expert without it at 20,000
nodes (--skip-speed --versus "nodes=20000,decisions.weigh_pass=M" "nodes=20000" --seed
pass-h2h): M 0 (the plain comparison) -15.4 a board (-55.7 .. +24.9, 200 boards; 161
contracts against 239, thrown in 21 against 46, out of reach 6 against 15); M 1 +29.0
(-16.3 .. +74.3, 150 boards; 125 contracts against 175, made 79.2% against 70.3%, thrown
in 19 against 38, out of reach 6 against 17, average bid 311.3 against 321.9), paired
with M 0 on the same boards +32.7 (+3.3 .. +62.2).  Against standard at 35,000 nodes
(--versus "nodes=35000,decisions.weigh_pass=1" standard --seed every-partnership, 150
boards) +187.2 (+135.9 .. +238.5), made 86.7% of 195 contracts, thrown in 18, 3 out of
reach; the expert without it on the same boards (its own run, "nodes=35000,
decisions.weigh_pass=none") +210.0 (+153.4 .. +266.6), made 89.1% of 202, thrown in 17,
3 out of reach: less by 22.8 a board, paired (-67.3 .. +21.7), within the noise of 150
boards; over all 300 boards of that seed (--first 150 for the rest) +180.1 (+139.2 ..
+221.1), where the expert without it scored +187.2 (above): boards 151 to 300 +173.1
with it, some +164 without.  Out of reach 8 of its 391 contracts (2.0%), standard's 2 of
209 (1.0%).  On top of it, against standard on the same 300 boards, paired board by
board with it: ``read_opponents`` "calls" (its cost counted) -10.5 a board (-39.9 ..
+18.9), out of reach 5 of 391 against standard's 3 of 209; ``reach`` 0.05 -40.8 (-68.9
.. -12.7), out of reach 1 of 351 against standard's 4 of 249.  Hence ``weigh_pass`` 1 by
default, for the tables of experts where the players
saw the auctions run away (None: the pass not tried, the bid's deals alone as before).  Only partnership
was measured; the comparison is the same wherever another side can hold the bid (each
for self too).

Against standard the hold costs: each setting against standard on the same boards, a
board played out only where a bid differs (bench/expert_bid_pairs.py, 5,000 nodes, --seed
wp-std-5k), the expert without it less the shipped +33.5 a board (95% CI +5.4 .. +61.5,
259 boards, a bid differing at 111); with the hold judged at two standard errors, not
one, less the shipped +9.5 (-0.9 .. +19.8, 390 boards, 31 differing); at 35,000 nodes the
runs above leaned the same way (22.8 and 1.4 less a board with it).  Standard's bids are
what its hands are worth, where the deals give those seats average hands, so a pass that
lets standard's contract stand reads better than it is; at a table of experts, whose bids
run above what their hands are worth, the hold scored +29.0 head to head (above).  At
the table's 35,000 nodes, paired the same way (--nodes 35000 --boards 300 --seed
wp-std-35k), the expert without it less the shipped +16.7 (-0.8 .. +34.1, 300 boards, 99
differing): not told from 0.  Left at 1: a choice between the two tables.

The ``reach`` bound only where the other side holds the bid (tried and not kept): every
contract out of reach above ended a contested auction, so the bound was tried there alone,
the uncontested raises left free.  Against standard (--versus "nodes=35000,
decisions.reach=0.05,decisions.reach_contested=1" standard --seed every-partnership, at
30bea45 on branch reachgate) +146.4 a board (+110.2 .. +182.7, 300 boards), paired with the
shipped run on the same boards -33.7 (-59.9 .. -7.5); out of reach 1 of its 358 contracts
(0.3%) against standard's 4 of 242 (1.7%), where the bound everywhere cost -40.8: the cost
is in the contested auctions themselves.  Outbidding standard there takes contracts it
would have made, and the few out of reach are the price; the rate and the margin over
standard pull against each other.

Taking the contract over from a partner who holds it (tried and not kept): standard's
rules pass there (partner holds and the opponents are out), or outbid the partner only
with ``overcall`` to spare, whatever the simulation says.  Trying the pass (the partner's
contract standing) beside the next bid on the bid's deals, and bidding where the bid
scored more by a standard error, bid over the partner in 86 of 120 auctions of four
such experts at 35,000 nodes, and with the deals weighted by the partner's calls still
in 42, the partners outbidding each other from 280 to 350: the deals give the partner a
hand worth less than its bid, so its contract always reads worse than one's own.
Against standard (--versus "nodes=35000,decisions.take_over=1" standard --seed
every-partnership, at e5960c4 on branch takeover) +184.6 a board (+146.0 ..
+223.2, 300 boards), paired with the shipped run on the same boards +4.5 (-20.1 ..
+29.1), out of reach 12 of its 394 contracts against 8 of 391; head to head (seed
takeover-h2h, stopped) +16.1 (-13.8 .. +46.1, 135 boards).  The partner rule stays, and
the bid hint says why its means do not decide there (`pinochle_tui.render.bid_odds_words`).

Five more levers, tried and not kept (knobs of `SimDecisions` at 0b6755e, removed since;
partnership, the expert against the same expert without the lever, duplicate boards at
one table unless said, --skip-speed --versus "nodes=5000,decisions.X" "nodes=5000", x10
points a board with the 95% CI, the 2-core box at load average 8 to 13):

* a save: where the other side holds the bid, the next bid made whatever the ceiling
  wherever it scores more than the pass over the bid's deals by a standard error (``save``
  1, --seed save-h2h-5k): -14.7 (-53.8 .. +24.4), 87 boards, stopped; the boards it
  changed were mostly lost by 600 to 770 (a contract taken on uniform deals at 330 and
  up is set where the other side's bids said it would be);
* the partner's bonus in the expert's own ceiling 40, not standard's 25 (``partner_bonus``
  40, --seed pbonus-h2h-5k): -11.1 (-34.8 .. +12.5), 124 boards, stopped; it changed 12
  of them;
* the least bid where the pass would leave the other side's dealer stuck with it (§3.4),
  the pass tried beside it and whichever scores more by a standard error made (``stick``
  1): over 200 standard auctions at 35,000 nodes the seat before the dealer saw every
  other seat pass at 17, and bidding scored more than sticking the dealer at all 17 (by
  109 to 185 at the three whose ceiling was under 250, which then bid 250 instead of
  passing); but at the expert's tables the first seat to call is its partner, an expert,
  which seldom passes: no bid changed in 81 boards head to head (--seed stick-h2h-5k) nor
  in 638 against standard (--seed stick-std-5k, each board's auctions probed for a
  changed bid as bench/expert_bid_pairs.py probes them): right where it acts, too rare
  to matter;
* the bidder's pass back with the partner's hand made to fit the cards it passed in
  every trial (`_fit_pass`, there for the honest play-outs only; ``fit_pass``) and the
  partner's pass with the bidder's hand weighted by its bids (read as the trick search
  reads them) and by the trump it named (``read_bidder`` 0.3, a hand on which the
  standard bot would name another suit weighing 0.3), each one decision at a time on the
  real deal against the shipped pass (bench/expert_decision_regret.py --phase pass
  --piece pass --nodes 35000 --versus-set "X" "", stopped at 381 and 387 hands): the fit
  -9.4 a differing pass (-40.1 .. +21.3; 102 of some 760 passes differ), the reading
  +4.5 (-35.0 .. +44.0; 76 differ): a few points a hand either way at most, thousands of
  hands to tell, so neither is kept.

Budget: the expert's (``nodes``: cards played in play-outs plus `DEAL_COST` a deal and
candidate for the rebuilt round and the standard bot's decisions; ``think``: seconds of
wall clock); at least one deal always.  The decision depends only on the view, the legal
actions and ``rng``: a fixed seed and node budget replays exactly.

The bid's share of the simulated level grows with the deals (``deals_weight`` 12: 19
deals at 2,000 nodes count 61%, 186 at 20,000 94%, some 3,250 at 1 s 99.6%), so without a
cap more budget bids bolder, and head to head the smaller budget won (2,000 nodes +47.4 a
board over 20,000; the simulated decisions alone at 20,000 -14.1, out of reach 17
contracts to 3; bench/expert_bench.py, its docstring).  ``sim_share`` caps that share at
0.8 (reached from some 48 deals, 5,000 nodes): the simulated deals see every hand in
their play-outs, and their level is no truer for being measured more often.  Partnership,
35,000 nodes a decision, duplicate: head to head against the uncapped share +27.3 a board
(95% CI -9.5 .. +64.0, 150 boards); against standard +187.2 (+144.7 .. +229.7, 300
boards), -2.7 (-24.6 .. +19.2) against the uncapped on the same boards, out of reach 9
of 409 contracts (uncapped 11 of 431, standard 2 of 191); at 0.6 against
standard 70.7 less a board than uncapped (-114.5 .. -26.9, 130 boards) and head to head
-36.1 (-86.0 .. +13.8, 110 boards), though with both sides held at 0.6 20,000 nodes beat
2,000 by +56.0 (+18.2 .. +93.8, 207 boards).  Held at 0.8 (both sides, --seed budget-x10),
20,000 nodes beat 2,000 by +44.9 (+10.6 .. +79.3, 300 boards); out of reach 19 of 327
contracts against 13 of 273.  ``sim_share`` None: no cap.

Only the auction games without a called partner (but for five-hand's call,
`supported_call`), checks or a game-winning meld are simulated (`supported`); elsewhere
every decision is standard's.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules import (
    CARDS,
    Bid,
    Bury,
    CallPartner,
    ClaimMisdeal,
    Concede,
    KeepHand,
    NameTrump,
    PassBid,
    PassCards,
    Phase,
    Play,
    PlayOn,
    RoundState,
    SeatView,
    apply,
    legal_actions,
    new_round,
    observe,
)
from rules.auction_round import high_bidder
from rules.scoring import reach_at_first_lead

from .knowledge import melded_counts
from .search import DealSampler, Engine, HandValue, inference
from .search.deals import played_tricks
from .search.inference import AuctionWeights
from .standard import StandardBot

__all__ = [
    "DEAL_COST",
    "STANDARD_CARD_COST",
    "BidLimit",
    "SimDecisions",
    "Trial",
    "candidate_sets",
    "played_out",
    "rebuild",
    "result_value",
    "supported",
    "supported_call",
]

# nodes charged for each deal and candidate besides the cards the play-out plays: the
# round rebuilt and the standard bot's decisions up to the first lead (about the time of
# 60 cards of play-out)
DEAL_COST = 60
# nodes charged for a card the standard bot plays from its own view in a play-out
# (`SimDecisions.trial` with ``honest``: the throw-in, five-hand's call, trump each for
# self): a standard card took 10.3 times a rollout node's time (partnership, 40 hands
# played out each way, one process)
STANDARD_CARD_COST = 10
# the part of ``think`` a bid's trial takes (`SimDecisions.bid_think`; a node budget is
# whole whatever it): an auction is a bid a turn, and at the default second each, with the
# table's bot delay, a double-deck auction rising by its minimum step kept a person waiting
# some 5 s between bids and up to 25 s after passing (bench/auction_wait.py).  The bid at
# 0.3 s was the bid at 1 s in 229 of 230 double-deck auction positions of standard
# self-play, where two runs at 1 s agreed in 228; partnership 72 of 80 (two runs at 1 s:
# 74; bench/auction_wait.py --agree).  About 60 deals against 200 on a loaded machine;
# the simulated level's share of the ceiling is full (``sim_share``) from some 48 deals
BID_THINK = 0.3


def supported(v: Any) -> bool:
    """Whether the decisions of variant ``v`` are simulated: an auction game of three or
    four seats, partners opposite or each for self, or a big table's teams (six- and
    eight-hand, §2.10, §2.11); no called partner, no checks, no meld that wins the game at
    once."""
    return (
        v.deals_then_bids
        and (v.partners_opposite or v.each_for_self or v.ring_table)
        and v.called_partner_card == "off"
        and v.check_scoring == "off"
        and not v.quadruple_wins_game
    )


def supported_call(v: Any) -> bool:
    """Whether five-hand's partner call (§2.12) is simulated in variant ``v``: an auction
    game with a called partner and no checks (the round rebuilt at the call, `rebuild`)."""
    return v.deals_then_bids and v.calls_partner and v.check_scoring == "off" and not v.quadruple_wins_game


def _less(cards: Sequence[int], remove: Sequence[int]) -> list[int]:
    """``cards`` less the copies in ``remove`` (ValueError when one is missing)."""
    out = [int(c) for c in cards]
    for c in remove:
        out.remove(int(c))
    return out


def _side_seats(view: SeatView, *, partners: bool) -> list[int]:
    """The seats of ``view``'s side but its own (``partners``), or of the other side (every
    seat not of its side), in seat order: whose calls an auction reading reads."""
    side = view.variant.side_of
    mine = side[view.seat]
    return [s for s in range(view.variant.players) if s != view.seat and (side[s] == mine) is partners]


def _partner(seat: int, n: int) -> int:
    return (seat + 2) % n


def rebuild(
    view: SeatView,
    sampler: DealSampler,
    deal: list[list[int]],
    on_play: Callable[[RoundState, int], None] | None = None,
) -> RoundState:
    """The round at ``view``'s decision with the other hands of ``deal`` (a
    `DealSampler.sample` of ``sampler``): the dealt hands worked back from the view, the
    round dealt with them and replayed to this point (in trick play the bidder plays on
    and the cards played so far are played again; ``on_play(state, card)`` called before
    each of them is played again).  ValueError when the replay fails (a sampled hand the
    auction, a pass or the play cannot have come from)."""
    v = view.variant
    n = v.players
    me = view.seat
    now: list[list[int]] = [[] for _ in range(n)]
    now[me] = [int(c) for c in view.hand]
    for i, s in enumerate(sampler.others):
        now[s] = list(deal[i])
    played = played_tricks(view)
    for leader, cards in played:  # each seat's cards at the first lead
        for k, c in enumerate(cards):
            now[(leader + k) % n].append(int(c))
    kitty = list(deal[sampler.pile]) if v.kitty_size else []
    bidder = view.bidder
    ph = view.phase
    dealt = [h[:] for h in now]
    buried = [int(c) for c in view.buried]
    if ph is Phase.TRICKS and bidder is not None and bidder != me and v.kitty_size:
        # the bidder's buried cards are the deal's hidden pile; the kitty it took is the
        # one shown, or where nobody saw it those same cards (taken and buried again)
        buried = list(deal[sampler.pile])
        kitty = [int(c) for c in view.kitty] if view.kitty else buried
        dealt[bidder] = _less(now[bidder] + buried, kitty)
    if ph is not Phase.AUCTION and bidder == me:
        if v.kitty_size:
            kitty = [int(c) for c in view.kitty]
            dealt[me] = _less(now[me] + [int(c) for c in view.buried], kitty)
        if v.pass_count and (view.received or view.given):
            p = _partner(me, n)
            dealt[me] = _less(now[me] + [int(c) for c in view.given], view.received)
            dealt[p] = _less(now[p] + [int(c) for c in view.received], view.given)
    if len(kitty) != v.kitty_size:
        raise ValueError("the kitty does not fit")
    state = new_round(v, view.dealer, hands=dealt, kitty=kitty, scores=view.scores, target=view.target)
    while state.phase is Phase.DEAL:
        if ph is Phase.DEAL and state.to_act == me:  # the misdeal call (§5.8): the seats before kept
            return state
        state = apply(state, KeepHand())
    for seat, amount in view.bids[len(state.table.bids) :]:
        if state.to_act != seat or state.phase is not Phase.AUCTION:
            raise ValueError("the auction does not replay")
        state = apply(state, Bid(amount) if amount else PassBid())
    if ph is Phase.AUCTION:
        return state
    if state.phase is Phase.TRUMP and view.trump is not None:
        state = apply(state, NameTrump(view.trump))
    if state.phase is Phase.CALL and view.called_card is not None:  # five-hand (§2.12)
        state = apply(state, CallPartner(view.called_card))
    if state.phase is Phase.PASS and view.received and bidder == me:
        state = apply(state, PassCards(tuple(CARDS[int(c)] for c in sorted(view.received))))
    if state.phase is Phase.PASS and view.given and bidder == me:
        state = apply(state, PassCards(tuple(CARDS[int(c)] for c in sorted(view.given))))
    if state.phase is Phase.BURY and buried:
        state = apply(state, Bury(tuple(CARDS[c] for c in sorted(buried))))
    if ph is Phase.TRICKS and state.phase is Phase.PASS and bidder != me:
        # a pass this seat did not see (§4.1): the hands of the deal are after it, so the
        # partner passes some of its cards and the bidder passes the same ones back (the
        # returned cards may include cards just received)
        k = v.pass_count
        given = tuple(CARDS[c] for c in sorted(state.hands[state.to_act])[:k])
        state = apply(state, PassCards(given))
        if state.phase is Phase.PASS:
            state = apply(state, PassCards(given))
    if ph is Phase.TRICKS:
        if state.phase is Phase.MELD:
            state = apply(state, PlayOn())
        for _, cards in played:
            for c in cards:
                if state.phase is not Phase.TRICKS:
                    raise ValueError("the play does not replay")
                if on_play is not None:
                    on_play(state, int(c))
                state = apply(state, Play(CARDS[int(c)]))
    if state.phase is not ph or state.to_act != me:
        raise ValueError("the round does not replay to this decision")
    if ph is Phase.MELD and view.melds is not None and state.table.melds is not None:
        # at the throw-in, the meld shown, not the meld the sampled hands would show: a
        # sampled hand holds the cards its seat melded but may hold more meld besides (a
        # second marriage), and the hand is scored with what was shown (§5.7; the
        # throw-in's value is exact).  Only here: a bury still to come checks the melded
        # cards against the whole hand's meld, which the public meld does not carry
        state = state.evolve(table=state.table._replace(melds=view.melds))
    return state


def result_value(state: RoundState, me: int) -> float:
    """A finished round's score from ``me``'s seat: its side's change less the mean of
    the other sides' (as `HandValue`)."""
    v = state.variant
    assert state.result is not None
    changes = [s.change for s in state.result.sides]
    if len(changes) == 1:
        return float(changes[0])
    mine = changes[v.side_of[me]]
    return mine - (sum(changes) - mine) / (len(changes) - 1)


def _contract_lost(state: RoundState) -> bool:
    """Whether a finished round's bidding side did not make its contract (§8.1, §8.3): set,
    or thrown in."""
    res = state.result
    if res is None or res.bidder is None:
        return False
    if res.kind in ("conceded", "auto_set"):
        return True
    v = state.variant
    side = res.bidder if len(res.sides) == v.players else v.side_of[res.bidder]
    return res.sides[side].made is False


def _to_first_lead(
    state: RoundState, std: StandardBot, rng: random.Random, play_on: bool, auction: bool = False
) -> RoundState:
    """The round decided by the standard bot in every seat up to the first lead (or its
    end); every other seat passes in the auction (``auction``: the whole auction is the
    standard bot's, as after the misdeal call); ``play_on``: the bidder never throws in."""
    while state.phase is not Phase.TRICKS and state.phase is not Phase.DONE:
        legal = legal_actions(state)
        ph = state.phase
        if ph is Phase.AUCTION and not auction:
            action = legal[0]  # the others pass (the seat tried bid last)
        elif ph is Phase.MELD and play_on:
            action = next(a for a in legal if isinstance(a, PlayOn))
        else:
            action = std.act(observe(state, state.to_act), legal, rng)
        state = apply(state, action)
    return state


def _out_of_reach(state: RoundState) -> bool:
    """Whether ``state`` (at the first lead, or thrown in there) holds a contract the
    bidding side could not make even by taking every trick (`rules.scoring.reach_at_first_lead`:
    its meld shown, every counter not buried, the last trick's bonus); False before the
    meld is shown and where the hand has no one contract of one side (summed partner
    bids, the stock and draft forms)."""
    v = state.variant
    t = state.table
    if v.summed_contracts or v.has_stock or v.drafts or t.bidder < 0 or not t.high_bid or not t.melds:
        return False
    if state.phase is not Phase.TRICKS and (state.result is None or state.result.kind != "conceded"):
        return False
    return reach_at_first_lead(v, t.high_bid, t.melds, t.bidder, t.partner, t.buried) is not None


def played_out(state: RoundState, std: StandardBot, rng: random.Random) -> tuple[RoundState, int]:
    """The hand played to its end by the standard bot in every seat, each from its own
    view (`observe`: no seat sees another's cards), and the cards played."""
    cards = 0
    while state.phase is not Phase.DONE:
        state = apply(state, std.act(observe(state, state.to_act), legal_actions(state), rng))
        cards += 1
    return state, cards


def _pass_class(c: int, trump: int) -> int:
    """How early a partner passes a card to the bidder (§4.1; the standard bot's order):
    2 a trump but the 9s, 1 an ace of another suit, 0 any other card."""
    if c // 6 == trump and c % 6 != 5:
        return 2
    return 1 if c % 6 == 0 else 0


def _fit_pass(view: SeatView, sampler: DealSampler, deal: list[list[int]], rng: random.Random) -> list[list[int]]:
    """``deal`` with the partner's hand made to fit the cards it passed this bidder
    (§4.1): a partner passes its trumps first (the 9s aside), then its aces, so it kept no
    card of a class (`_pass_class`) above the lowest it passed, beyond the cards its shown
    meld holds.  Each such card is swapped with a random card of at most that class from
    a defender's hand that its shown meld does not hold (before the first lead nothing
    else ties a card to a hand).  The deal as it was where the seat received nothing or
    after the first lead (a deal that lacks the cards passed back is `rebuild`'s to
    refuse)."""
    if view.bidder != view.seat or not view.received or view.trump is None or view.tricks or view.trick:
        return deal
    n = view.variant.players
    p = _partner(view.seat, n)
    if p not in sampler.others:
        return deal
    t = view.trump.index
    low = min(_pass_class(int(c), t) for c in view.received)
    if low == 2:
        return deal

    def spare(seat: int, hand: list[int]) -> list[int]:
        """The cards of ``hand`` beyond those the seat's shown meld holds (and, for the
        partner, those the bidder passed it), one entry a copy."""
        rest = list(hand)
        if view.melds is not None:
            for f, k in melded_counts(view.melds[seat]):
                for _ in range(min(k, rest.count(f))):
                    rest.remove(f)
        if seat == p:
            for c in view.given:
                if int(c) in rest:
                    rest.remove(int(c))
        return rest

    out = [list(h) for h in deal]
    mine = out[sampler.others.index(p)]
    bad = [c for c in spare(p, mine) if _pass_class(c, t) > low]
    if not bad:
        return deal
    pool: list[tuple[int, int]] = []  # (holder index, face) a defender may give up
    for i, s in enumerate(sampler.others):
        if s != p:
            pool += [(i, c) for c in spare(s, out[i]) if _pass_class(c, t) <= low]
    rng.shuffle(pool)
    for c in bad:
        if not pool:
            break
        i, d = pool.pop()
        mine.remove(c)
        mine.append(d)
        out[i].remove(d)
        out[i].append(c)
    return out


@dataclass
class Trial:
    """Candidates tried over the same deals: per candidate its value on every deal
    (x10 points, `HandValue` from the seat), and per deal the bidding side's total
    (meld saved and trick points, buried counters included) when asked for."""

    values: list[list[float]]
    totals: list[float]
    nodes: int
    # per deal its weight by the auction (`AuctionWeights`); empty: every deal weighs 1
    weights: list[float] = field(default_factory=list)
    # per deal (with the totals) the most the bidding side could reach: its shown meld and
    # every trick point of the hand
    bests: list[float] = field(default_factory=list)
    # the candidates, in the order of ``values`` (the hint says each with its mean)
    actions: tuple[Any, ...] = ()
    # per candidate: the deals in which the hand was thrown in (§8.3), and those in which
    # the contract was out of reach before the first lead (`_out_of_reach`): the hint says
    # why every candidate scores alike ("the contract is out of reach ... whatever is passed")
    thrown: list[int] = field(default_factory=list)
    unreachable: list[int] = field(default_factory=list)
    # per candidate: the deals in which the bidding side did not make its contract (set, or
    # thrown in): a mean over deals is over these too, which the hint says (a pass's mean of
    # -491 over deals that give the bidder any hand, a contract then made with 11 tricks)
    lost: list[int] = field(default_factory=list)

    @property
    def deals(self) -> int:
        return len(self.values[0]) if self.values else 0

    def _w(self) -> list[float]:
        return self.weights if self.weights else [1.0] * self.deals

    def mean(self, i: int) -> float:
        xs = self.values[i]
        if not xs:
            return 0.0
        w = self._w()
        return sum(a * b for a, b in zip(w, xs)) / sum(w)

    def error(self, i: int, j: int) -> float:
        """The standard error of candidate i's mean less candidate j's (the same deals,
        over their effective number when weighted)."""
        d = [a - b for a, b in zip(self.values[i], self.values[j])]
        w = self._w()
        total = sum(w)
        k = total * total / sum(x * x for x in w) if d else 0.0
        if k <= 1:
            return math.inf if i != j else 0.0
        m = sum(a * b for a, b in zip(w, d)) / total
        var = sum(a * (x - m) ** 2 for a, x in zip(w, d)) / total * k / (k - 1)
        return math.sqrt(var / k)


@dataclass(frozen=True)
class BidLimit:
    """The highest bid `SimDecisions.bid` made now (x10 points) and what it is made of
    (`SimDecisions.ceiling`), for the hint: ``standard``, the standard bot's own limit
    (`StandardBot.ceiling`: its estimate less a margin for the risk, moved for the bids
    and the score); ``estimate``, the cautious level of the standard bot's estimate that
    limit is worked out from (its mean less ``z`` spreads); ``reached``, the total the
    side reaches in ``share`` of the expert's own deals (``make_target``, `sim_level`);
    ``weight``, the part of ``reached`` less ``estimate`` added to ``standard`` (the deals
    against ``deals_weight``, at most ``sim_share``); ``limit``, the result, held lower
    where ``reach`` or ``hopeless`` bounds it, or to ``standard`` where letting the other
    side's bid stand scores more than the next bid (``weigh_pass``): then ``bid_mean``
    and ``pass_mean`` are the two means over the deals and ``gap_error`` the standard
    error of the pass's less the bid's over them, the one the hold was judged by (None
    where the pass held nothing down).  The expert bids the next bid while it is
    within ``limit`` and passes under it (the partner rules aside, `StandardBot.bid_decision`):
    the hint says these figures, so that its conclusion follows from numbers it shows.
    ``mean``: the mean of the estimate ``estimate`` is the cautious level of (the figure
    the bidding help shows, "≈ 390"), said beside it so the two can be matched, with
    ``trump``, the suit that estimate is of (the cautious level's best suit, which need
    not be the bidding help's best mean: None where not known)."""

    standard: float
    estimate: float
    reached: float
    share: float
    weight: float
    limit: float
    mean: float
    bid_mean: float | None = None
    pass_mean: float | None = None
    trump: int | None = None
    # the deals the limit's trial played (0: not known), said beside a hold by the pass
    deals: int = 0
    # what moved ``standard`` from ``estimate``, each named as the hint says it, in order
    # (`StandardBot.ceiling_parts`: "for your partner's bid", +24): the hint's sum adds up
    moves: tuple[tuple[str, float], ...] = ()
    gap_error: float | None = None
    # the standard errors of that gap the pass had to score more by to hold the raise
    # (``weigh_pass``), said beside the hold
    weigh: float = 1.0
    # the estimate the bidding help shows (its best mean: the suit, the mean), named beside
    # ``trump`` and ``mean`` where the two differ (None: not known)
    shown: tuple[int, float] | None = None

    @property
    def raised(self) -> float:
        """``standard`` moved by ``weight`` of ``reached`` less ``estimate``: ``limit``
        before any bound."""
        return self.standard + self.weight * (self.reached - self.estimate)


class SimDecisions:
    """The expert's simulated decisions outside trick play (see the module).

    ``nodes``/``think``/``clock``: the budget (`ExpertBot`'s); ``confidence``: standard
    errors by which a candidate must beat standard's to be chosen; ``pieces``: the
    decisions simulated ("trump", "pass", "bury", "bid", "concede"; the others are
    standard's; None: by kind of game, `pieces_of`); ``make_target``: the share of the deals the bid's level is made in;
    ``deals_weight``: the deals at which the simulated level counts half (the standard
    estimate the other half); ``sim_share``: the most the simulated level counts, however
    many the deals (None: no cap; see `ceiling`); ``width``: the sets tried for a pass or bury, standard's
    included; ``pool``: gives the worker pool to decide on, or None (see `act`);
    ``infer``: the deals weighted by the auction (`AuctionWeights`); ``hopeless``: the
    most share of the deals (by weight) in which the bid may be out of reach even with
    every trick (the side's meld there and all the trick points): the ceiling never
    passes the level the rest reach (None: no such bound); ``reach``: the same bound on
    the raise above standard's own ceiling alone (None: none); ``read_partner``: the
    bid's deals filtered by the partner's passes (`partner_reading`: each deal kept with
    its weight as the chance); ``read_opponents``: the bid's deals weighted by the other
    side's calls ("calls": its bids and passes, "bids": its bids alone; None: not read;
    `opponents_reading`); ``weigh_pass``: where the other side holds the high bid, the
    bid's deals try the pass beside the next bid (the others passing after either), and
    the ceiling is held to standard's own where the pass scores more over them by more
    than that many standard errors of the difference (None: the pass not tried; `ceiling`);
    ``bid_think``: the part of ``think`` the bid's trial takes (`BID_THINK`); ``read_pass``,
    ``fit_pass``: the partner's pass to the bidder tried over deals weighted by the calls,
    the bidder's pass back over deals that fit the partner's pass (`choose_set`)."""

    PIECES = frozenset({"trump", "pass", "bury", "bid", "concede", "call", "misdeal"})
    # the pieces simulated by default, partners and each for self: those that won their
    # duplicate A/B or were neutral (the figures in bench/expert_bid_bench.py)
    DEFAULT_PAIRS = frozenset({"trump", "pass", "bury", "bid", "misdeal"})
    DEFAULT_INDIVIDUAL = frozenset({"trump", "bury", "bid"})
    DEFAULT_CALLED: frozenset[str] = frozenset()
    DEFAULT_BIG = frozenset({"misdeal"})

    def __init__(
        self,
        std: StandardBot,
        nodes: int | None,
        think: float | None,
        clock: Callable[[], float],
        *,
        confidence: float = 1.0,
        pieces: frozenset[str] | None = None,
        make_target: float = 0.6,
        deals_weight: float = 12.0,
        sim_share: float | None = 0.8,
        width: int = 6,
        pool: Callable[[], Any] | None = None,
        infer: bool = False,
        hopeless: float | None = None,
        reach: float | None = None,
        read_partner: bool = False,
        read_opponents: str | None = None,
        weigh_pass: float | None = 1.0,
        also: frozenset[str] = frozenset(),
        without: frozenset[str] = frozenset(),
        bid_think: float = BID_THINK,
        read_pass: bool = True,
        fit_pass: bool = True,
    ) -> None:
        self.std = std
        self.nodes = nodes
        self.think = think
        self.clock = clock
        self.confidence = confidence
        self.pieces = pieces
        self.make_target = make_target
        self.deals_weight = deals_weight
        self.sim_share = sim_share
        self.width = width
        self._helper = StandardBot()  # plays the other seats in the simulations
        self.last: Trial | None = None
        # the last simulated bid's limit and its parts (`ceiling`), for the hint; None
        # after any other decision; never read by the decisions
        self.last_limit: BidLimit | None = None
        self.pool = pool
        self.infer = infer
        self.hopeless = hopeless
        self.reach = reach
        self.read_partner = read_partner
        self.read_opponents = read_opponents
        self.weigh_pass = weigh_pass
        self.also = also
        self.without = without
        self.bid_think = bid_think
        self.read_pass = read_pass
        self.fit_pass = fit_pass

    # ------------------------------------------------------------------ dispatch
    def settings(self) -> tuple[Any, ...]:
        """What a worker process needs to decide as this object does (`_act_state`)."""
        return (
            self.nodes,
            self.think,
            self.confidence,
            self.pieces,
            self.make_target,
            self.deals_weight,
            self.sim_share,
            self.width,
            self.infer,
            self.hopeless,
            self.reach,
            self.read_partner,
            self.read_opponents,
            self.weigh_pass,
            self.also,
            self.without,
            self.bid_think,
            self.read_pass,
            self.fit_pass,
        )

    def act(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        """The simulated decision, or None where it is standard's (a phase not
        simulated, a variant not `supported`, a view no deal fits).  With ``pool`` (the
        app's bots, `ExpertBot._app_pool`) a simulated decision runs on the worker pool,
        the rng's state sent and taken back (the decision of this process exactly), so
        the app's process does not hold its GIL meanwhile."""
        self.last = None
        self.last_limit = None
        if not self.simulated(view, legal):
            return None
        pool = self.pool() if self.pool is not None else None
        if pool is not None:
            from .search.pool import drop_pool, result_by

            deadline = time.perf_counter() + self.think if self.think is not None else math.inf
            try:
                future = pool.submit(_act_state, view, legal, rng.getstate(), self.settings())
                action, trial, limit, state = result_by(future, deadline)
            except Exception:  # a broken pool, a stopped worker: decided here, the rng untouched
                drop_pool(pool)
            else:
                rng.setstate(state)
                self.last, self.last_limit = trial, limit
                return action
        return self.decide(view, legal, rng)

    def pieces_of(self, v: Any) -> frozenset[str]:
        """The pieces simulated in variant ``v``: ``pieces``, or by default
        `DEFAULT_CALLED` (five-hand), `DEFAULT_BIG` (six- and eight-hand),
        `DEFAULT_PAIRS` or `DEFAULT_INDIVIDUAL`; with ``also`` and less ``without`` (a
        bench's switch for one piece)."""
        if self.pieces is not None:
            base = self.pieces
        elif v.calls_partner:
            base = self.DEFAULT_CALLED
        elif v.ring_table:
            base = self.DEFAULT_BIG
        else:
            base = self.DEFAULT_PAIRS if v.partners_opposite else self.DEFAULT_INDIVIDUAL
        return (base | self.also) - self.without

    def simulated(self, view: SeatView, legal: Sequence[Any]) -> bool:
        """Whether this decision is one of the simulated pieces (`pieces_of`): five-hand's
        partner call where `supported_call`, the others where `supported`."""
        if len(legal) < 2:
            return False
        ph = view.phase
        v = view.variant
        pieces = self.pieces_of(v)
        if ph is Phase.CALL:
            return "call" in pieces and supported_call(v)
        if not supported(v):
            return False
        return (
            (ph is Phase.TRUMP and "trump" in pieces)
            or (ph is Phase.PASS and "pass" in pieces)
            or (ph is Phase.BURY and "bury" in pieces)
            or (ph is Phase.AUCTION and "bid" in pieces and isinstance(legal[0], PassBid))
            or (ph is Phase.MELD and "concede" in pieces and view.trump is not None)
            or (ph is Phase.DEAL and "misdeal" in pieces and ClaimMisdeal() in legal)
        )

    def decide(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        """`act` in this process."""
        self.last = None
        self.last_limit = None
        if not self.simulated(view, legal):
            return None
        ph = view.phase
        try:
            if ph is Phase.TRUMP:
                return self.name_trump(view, legal, rng)
            if ph is Phase.PASS:
                return self.choose_set(view, legal, rng, PassCards)
            if ph is Phase.BURY:
                return self.choose_set(view, legal, rng, Bury)
            if ph is Phase.AUCTION:
                return self.bid(view, legal, rng)
            if ph is Phase.CALL:
                return self.call_partner(view, legal, rng)
            if ph is Phase.DEAL:
                return self.misdeal(view, legal, rng)
            return self.concede_or_play(view, legal, rng)
        except ValueError:  # no deal fits the view, or none replays: standard's
            return None

    # ------------------------------------------------------------------ the trials
    def trial(
        self,
        view: SeatView,
        actions: Sequence[Any],
        rng: random.Random,
        totals: bool = False,
        honest: bool = False,
        keep: AuctionWeights | None = None,
        weigh: AuctionWeights | None = None,
        share: float = 1.0,
        fit: bool = False,
    ) -> Trial:
        """Each of ``actions`` tried over the same sampled deals within the budget;
        ValueError when no deal replays.  ``honest``: the hand played out by the standard
        bot in every seat from its own view (`STANDARD_CARD_COST` nodes a card) instead of
        the perfect-information `Engine.rollout`; after the misdeal call the whole auction
        is the standard bot's.  ``keep``: each sampled deal kept with its weight as the
        chance (rejection sampling: the deals kept are distributed as the weighted ones,
        and each counts one), its cost counted; once the budget is spent with no deal
        kept, the next deal counts whatever its weight.  ``weigh``: each deal weighted by
        it (else by the whole auction with ``infer``), its cost counted.  ``share``: the
        part of ``think`` it may take (the node budget is whole whatever the share).
        ``fit``: the bidder's partner's hand made to fit the cards it passed (`_fit_pass`,
        as ``honest`` does)."""
        v = view.variant
        me = view.seat
        sampler = DealSampler(view)
        clock = self.clock
        start = clock()
        deadline = start + 0.97 * self.think * share if self.think is not None else math.inf
        cap = self.nodes if self.nodes is not None else math.inf
        values: list[list[float]] = [[] for _ in actions]
        sums: list[float] = []
        weights: list[float] = []
        bests: list[float] = []
        thrown = [0] * len(actions)
        unreachable = [0] * len(actions)
        lost = [0] * len(actions)
        engines: dict[tuple[int, tuple[int, ...]], Engine] = {}
        nodes = 0
        failed = 0
        if weigh is None and self.infer:
            weigh = AuctionWeights(view, sampler.others, self._helper)
        if weigh is not None and not weigh.active:
            weigh = None
        while True:
            r = random.Random(rng.getrandbits(64))
            deal = sampler.sample(r)
            if keep is not None:
                nodes += keep.cost()
                if r.random() >= keep.weight(deal) and (values[0] or (nodes < cap and clock() < deadline)):
                    if values[0] and (nodes >= cap or clock() >= deadline):
                        break
                    continue
            w = 1.0
            if weigh is not None:
                w = weigh.weight(deal)
                nodes += weigh.cost()
            if honest or fit:
                deal = _fit_pass(view, sampler, deal, r)
            try:
                base = rebuild(view, sampler, deal)
            except ValueError:
                failed += 1
                if failed >= 30 and not values[0]:
                    raise
                nodes += DEAL_COST
                if nodes >= cap or (values[0] and clock() >= deadline):
                    break
                continue
            row = []
            total = 0.0
            best = math.inf
            ended = []  # per candidate: (thrown in, out of reach), counted once the deal is whole
            failed_at = []  # per candidate: the contract not made
            for a in actions:
                s = apply(base, a)
                s = _to_first_lead(s, self._helper, r, play_on=totals, auction=view.phase is Phase.DEAL)
                nodes += DEAL_COST
                ended.append((s.result is not None and s.result.kind == "conceded", _out_of_reach(s)))
                if s.phase is not Phase.DONE and honest:
                    s, played = played_out(s, self._helper, r)
                    nodes += played * STANDARD_CARD_COST
                if s.phase is Phase.DONE:
                    row.append(result_value(s, me))
                    failed_at.append(_contract_lost(s))
                    continue
                t = s.table.trump
                seen = observe(s, me)
                sides = seen.play_sides  # a called partner (five-hand) plays with the bidder
                e = engines.get((t, sides))
                if e is None:
                    e = engines[(t, sides)] = Engine(
                        v.players, t, v.play_flags, v.card_points, v.last_trick_bonus, sides
                    )
                n = v.players
                e.nodes = 0
                e.setup(s.hands, s.leader, (), 0, [0] * n, [0] * n)
                e.rollout()
                nodes += e.nodes
                hv = _hand_value(seen)
                buried = sum(v.card_points[c] for c in s.table.buried)
                row.append(hv.value(e.points, e.won, buried))
                failed_at.append(hv.bidder_set(e.points, e.won, buried))
                if totals and a is actions[0]:
                    total = hv.side_total(e.points, e.won, buried)
                    best = hv.best_total()
            for i, x in enumerate(row):
                values[i].append(x)
                thrown[i] += ended[i][0]
                unreachable[i] += ended[i][1]
                lost[i] += failed_at[i]
            weights.append(w)
            if totals:
                sums.append(total)
                bests.append(best)
            if nodes >= cap:
                break
            now = clock()
            if now + (now - start) / len(values[0]) >= deadline:
                break
        out = Trial(
            values, sums, nodes, weights if weigh is not None else [], bests, tuple(actions), thrown, unreachable, lost
        )
        self.last = out
        return out

    def _pick(self, trial: Trial, pref: int) -> int:
        """The candidate with the best mean, if it beats ``pref``'s by more than
        ``confidence`` standard errors of the difference; else ``pref``."""
        best = max(range(len(trial.values)), key=lambda i: (trial.mean(i), i == pref))
        if best != pref and trial.mean(best) - trial.mean(pref) > self.confidence * trial.error(best, pref):
            return best
        return pref

    # ------------------------------------------------------------------ trump
    def name_trump(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        """Every allowed suit of three cards or more (all allowed ones when none is),
        standard's choice among them, tried over the deals."""
        pref = self.std.act(view, legal, rng)
        counts = [0] * 4
        for c in view.hand:
            counts[int(c) // 6] += 1
        named = [a for a in legal if isinstance(a, NameTrump)]
        cands = [a for a in named if counts[a.suit.index] >= 3] or named
        if pref not in cands:
            cands.append(pref)
        if len(cands) < 2:
            return pref
        # each for self the hand is played out by the standard bot from every seat's view
        # (as the throw-in): the perfect-information play-out chose worse suits there
        # (bench/expert_bid_bench.py's figures; the module's)
        trial = self.trial(view, cands, rng, honest=not view.variant.partners_opposite)
        return cands[self._pick(trial, cands.index(pref))]

    # ------------------------------------------------------------------ pass / bury
    def choose_set(self, view: SeatView, legal: Sequence[Any], rng: random.Random, make: Any) -> Any:
        """Standard's pass (or bury) and the best few sets one card away from it.  The
        partners' pass (§4.1) is tried over deals that fit what the passer knows beyond
        the cards it cannot see (`DealSampler` bounds those: its own cards are in no other
        hand): to the bidder, with ``read_pass``, each deal weighted by the auction's calls
        as the trick search reads them (`inference.for_play`: a bidder that won at 350
        holds a hand worth about that, where a uniform deal gave it any hand and the
        contract failed in most of them); back to the partner, with ``fit_pass``, its
        hand made to fit the cards it passed (`_fit_pass`: trump first, then aces).
        Measured one decision at a time on the real deal, the hand then played on by
        standard bots (bench/expert_decision_regret.py --phase pass --piece pass --hands
        150 --nodes 20000 --versus-set A B, B the same without the piece): ``read_pass``
        changes 50 of the 150 passes to the bidder, +5.0 a changed pass (95% CI -49.7 ..
        +59.7); ``fit_pass`` 38 of the 150 passes back, +22.9 (-7.0 .. +52.8).  Neither
        gain is shown; both are on because the hint's means are then over deals that can
        have happened.  The weights' cost comes out of the trial's budget: some 4 deals
        where 6 were tried at 3,000 nodes."""
        pref = self.std.act(view, legal, rng)
        if not isinstance(pref, make):
            return pref
        v = view.variant
        t = view.trump.index if view.trump is not None else 0
        to_bidder = make is PassCards and view.seat != view.bidder
        sets = candidate_sets(view.hand, tuple(int(c) for c in pref.cards), t, v, to_bidder, self.width)
        cands = [pref]
        for cards in sets[1:]:
            a = make(tuple(CARDS[c] for c in cards))
            if a in legal and a not in cands:
                cands.append(a)
        if len(cands) < 2:
            return pref
        weigh = None
        if make is PassCards and to_bidder and self.read_pass:
            weigh = inference.for_play(view, DealSampler(view).others)
        fit = make is PassCards and not to_bidder and self.fit_pass
        trial = self.trial(view, cands, rng, weigh=weigh, fit=fit)
        return cands[self._pick(trial, 0)]

    # ------------------------------------------------------------------ throw-in
    def concede_or_play(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        """Playing on against throwing in (§8.3), over the deals.  Throwing in scores the
        same on every deal (the bid lost, the others' meld only: exact by the rules);
        playing on is the contract made or set as the hand is played out by the standard
        bot in every seat from its own view (``honest``): the perfect-information play-out
        made a weak bidder's contract too often (see the module)."""
        pref = self.std.act(view, legal, rng)
        cands = [a for a in legal if isinstance(a, PlayOn | Concede)]
        if len(cands) < 2 or pref not in cands:
            return pref
        trial = self.trial(view, cands, rng, honest=True)
        return cands[self._pick(trial, cands.index(pref))]

    # ------------------------------------------------------------------ five-hand's call
    def call_partner(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        """Every trump card the bidder may call (§2.12), standard's among them, tried over
        the deals: the first holder clockwise becomes the partner on each deal, the pair
        plays the hand out against the defenders (``honest``) and the hand is scored for
        this seat."""
        pref = self.std.act(view, legal, rng)
        cands = [a for a in legal if isinstance(a, CallPartner)]
        if len(cands) < 2 or pref not in cands:
            return pref
        # played out by the standard bot from every seat's view: the defenders do not
        # know the partner until the called card falls, which the perfect-information
        # play-out would tell them at once
        trial = self.trial(view, cands, rng, honest=True)
        return cands[self._pick(trial, cands.index(pref))]

    # ------------------------------------------------------------------ the misdeal call
    def misdeal(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        """Claiming the misdeal (§5.8: the deal void, nothing scores, the same dealer
        redeals) against keeping the hand, which is played over the deals: the auction,
        the rest of the round and the hand by the standard bot in every seat.  Standard
        claims every misdeal it holds; the hand is kept only when it scores more than the
        void deal's 0 beyond the noise."""
        pref = self.std.act(view, legal, rng)
        cands = [a for a in legal if isinstance(a, KeepHand | ClaimMisdeal)]
        if len(cands) < 2 or pref not in cands:
            return pref
        trial = self.trial(view, cands, rng)
        return cands[self._pick(trial, cands.index(pref))]

    # ------------------------------------------------------------------ the bid
    def bid(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        """Standard's bidding rules bidding to `ceiling` (None, standard's own decision,
        where the seat has no bid to make or no trump to bid on)."""
        if not any(isinstance(a, Bid) for a in legal) or not self.std.estimates(view):
            return None
        return _bid_to(self.std, view, legal, self.ceiling(view, legal, rng))

    def ceiling(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> float:
        """The highest bid `bid` makes now (x10 points): standard's ceiling with the level
        its estimate gives (mean less z spreads) replaced, in part, by the level the
        side's total as bidder reaches in ``make_target`` of the deals (the trial's
        deals against ``deals_weight``); the deals read by the partner's passes with
        ``read_partner``, the ceiling bounded by ``reach`` and ``hopeless`` where set, and
        with ``weigh_pass`` held to standard's own where letting the other side's bid stand
        scores more than the next bid over the same deals (see the class).  Standard's own
        ceiling where the seat has no bid to make or no trump to bid on (no deal tried,
        ``rng`` untouched);
        ValueError when no deal replays (`bid` is then standard's).  Its own method so
        that a bench measures what the expert bids to (bench/expert_boldness.py)."""
        std = self.std
        bids = [a for a in legal if isinstance(a, Bid)]
        ests = std.estimates(view)
        if not bids or not ests:
            return std.ceiling(view)
        tried: list[Any] = [bids[0]]
        margin = self.weigh_pass
        if margin is not None and self.opponent_holds(view):
            tried.append(legal[0])  # the pass: the other side's bid stands
        trial = self.trial(
            view,
            tried,
            rng,
            totals=True,
            keep=self.partner_reading(view),
            weigh=self.opponents_reading(view),
            share=self.bid_think,
        )
        level = self.sim_level(trial.totals, trial.weights)
        cautious = max(ests, key=lambda e: e.total - std.z * e.sd)  # (its mean is said beside it: `BidLimit`)
        best = max(ests, key=lambda e: (e.total, -e.trump))  # (the bidding help's, `panels.auction.bot_advice`)
        base = cautious.total - std.z * cautious.sd
        w = trial.deals / (trial.deals + self.deals_weight)
        if self.sim_share is not None:
            w = min(w, self.sim_share)
        own, moves = std.ceiling_parts(view)
        ceiling = own + w * (level - base)
        means: tuple[float | None, float | None] = (None, None)
        gap_error = None
        if margin is not None and len(tried) > 1 and trial.mean(1) - trial.mean(0) > margin * trial.error(1, 0):
            # taking the contract at the next bid scores less over these deals than
            # letting the other side's bid stand (by more than ``weigh_pass`` standard
            # errors of the difference): no raise above standard's own ceiling
            if ceiling > own:
                means = (trial.mean(0), trial.mean(1))
                gap_error = trial.error(1, 0)
            ceiling = min(ceiling, own)
        if self.reach is not None:
            # a raise above standard's own ceiling only to a level the side reaches even
            # with every trick (its meld shown and all the trick points) in all but
            # ``reach`` of the deals
            ceiling = min(ceiling, max(own, self.quantile(trial.bests, trial.weights, 1.0 - self.reach)))
        if self.hopeless is not None:
            # never a bid the side could not make even with every trick in more than
            # ``hopeless`` of the deals (its meld shown there and all the trick points)
            ceiling = min(ceiling, self.quantile(trial.bests, trial.weights, 1.0 - self.hopeless))
        self.last_limit = BidLimit(
            own,
            base,
            level,
            self.make_target,
            w,
            ceiling,
            float(cautious.total),
            *means,
            trump=cautious.trump,
            deals=trial.deals,
            moves=moves,
            gap_error=gap_error,
            weigh=margin if margin is not None else 1.0,
            shown=(best.trump, float(best.total)),
        )
        return ceiling

    @staticmethod
    def opponent_holds(view: SeatView) -> bool:
        """Whether the high bid is another side's (a pass lets it stand, the others
        passing after it, in `ceiling`'s trial with ``weigh_pass``)."""
        holder = high_bidder(view.bids)
        side = view.variant.side_of
        return holder >= 0 and side[holder] != side[view.seat]

    def partner_reading(self, view: SeatView) -> AuctionWeights | None:
        """With ``read_partner``, the weights of the partners' hands by their passes so
        far (`AuctionWeights` reading the passes of this seat's side alone: a partner that
        bids as the expert does bids past standard's ceiling, so its bids, read by
        standard's policy, overstate its hand); None without it or where no partner has
        passed."""
        if not self.read_partner:
            return None
        partners = _side_seats(view, partners=True)
        weigh = AuctionWeights(view, DealSampler(view).others, self._helper, read=partners, passes_only=partners)
        return weigh if weigh.active else None

    def opponents_reading(self, view: SeatView) -> AuctionWeights | None:
        """With ``read_opponents``, the weights of the other side's hands by its calls so
        far, read as the trick search reads them (`inference.for_play`'s settings: bids 60
        above the standard ceiling, passes 15 below it; "bids": its passes left unread): a
        seat that bid high holds more of the meld than a uniform deal gives it.  None
        without it or where no such seat has bid or passed."""
        if self.read_opponents is None:
            return None
        opponents = _side_seats(view, partners=False)
        weigh = AuctionWeights(
            view,
            DealSampler(view).others,
            self._helper,
            temperature=inference.PLAY_TEMPERATURE,
            floor=inference.PLAY_FLOOR,
            bid_offset=inference.PLAY_BID_OFFSET,
            pass_offset=inference.PLAY_PASS_OFFSET,
            read=opponents,
            bids_only=opponents if self.read_opponents == "bids" else (),
        )
        return weigh if weigh.active else None

    @staticmethod
    def quantile(xs: Sequence[float], weights: Sequence[float], share: float) -> float:
        """The value that ``share`` of ``xs`` (by ``weights``, one each when empty) reach
        or pass; infinity when there is none."""
        if not xs:
            return math.inf
        pairs = sorted(zip(xs, weights if weights else [1.0] * len(xs)), reverse=True)
        reach = share * sum(w for _, w in pairs)
        seen = 0.0
        for x, w in pairs:
            seen += w
            if seen >= reach - 1e-12:
                return x
        return pairs[-1][0]

    def sim_level(self, totals: Sequence[float], weights: Sequence[float] = ()) -> float:
        """The total reached in ``make_target`` of the deals (interpolated); with
        ``weights`` (one a deal), in that share of their weight."""
        if weights:
            return self.quantile(totals, weights, self.make_target)
        xs = sorted(totals, reverse=True)
        k = self.make_target * len(xs) - 1
        lo = max(0, min(len(xs) - 1, math.floor(k)))
        hi = max(0, min(len(xs) - 1, math.ceil(k)))
        f = k - math.floor(k) if k >= 0 else 0.0
        return xs[lo] + (xs[hi] - xs[lo]) * f


def _act_state(
    view: SeatView, legal: Sequence[Any], state: Any, settings: tuple[Any, ...]
) -> tuple[Any, Trial | None, BidLimit | None, Any]:
    """`SimDecisions.decide` in a worker process with an rng in ``state``: the action,
    the trial, the bid's limit and the rng's state after it (``think`` by
    `time.perf_counter`)."""
    import time

    (
        nodes,
        think,
        confidence,
        pieces,
        make_target,
        deals_weight,
        sim_share,
        width,
        infer,
        hopeless,
        reach,
        read_partner,
        read_opponents,
        weigh_pass,
        also,
        without,
        bid_think,
        read_pass,
        fit_pass,
    ) = settings
    rng = random.Random()
    rng.setstate(state)
    d = SimDecisions(
        StandardBot(),
        nodes,
        think,
        time.perf_counter,
        confidence=confidence,
        pieces=pieces,
        make_target=make_target,
        deals_weight=deals_weight,
        sim_share=sim_share,
        width=width,
        infer=infer,
        hopeless=hopeless,
        reach=reach,
        read_partner=read_partner,
        read_opponents=read_opponents,
        weigh_pass=weigh_pass,
        also=also,
        without=without,
        bid_think=bid_think,
        read_pass=read_pass,
        fit_pass=fit_pass,
    )
    action = d.decide(view, legal, rng)
    return action, d.last, d.last_limit, rng.getstate()


def _bid_to(std: StandardBot, view: SeatView, legal: Sequence[Any], ceiling: float) -> Any:
    """`StandardBot.bid` with its ceiling replaced by ``ceiling``."""
    fixed = _FixedCeiling(ceiling, std)
    return fixed.bid(view, legal)


class _FixedCeiling(StandardBot):
    """The standard bot's bidding rules with a given ceiling (its estimates shared)."""

    def __init__(self, ceiling: float, std: StandardBot) -> None:
        super().__init__()
        self._fixed = ceiling
        self._est = std._est

    def ceiling(self, view: SeatView) -> float:
        return self._fixed


class _Value:
    """`HandValue` with the bidding side's total (meld saved and trick points)."""

    def __init__(self, view: SeatView) -> None:
        self.hv = HandValue(view)

    def value(self, points: Sequence[int], won: Sequence[int], buried: int) -> float:
        return self.hv.value(points, won, buried)

    def side_total(self, points: Sequence[int], won: Sequence[int], buried: int) -> float:
        """The bidder's side's total (meld saved and trick points), `HandValue.side_total`."""
        return float(self.hv.side_total(self.hv.bside, points, won, buried)[0])

    def bidder_set(self, points: Sequence[int], won: Sequence[int], buried: int) -> bool:
        """Whether the bidder's side falls short of its contract (§8.1): set."""
        hv = self.hv
        return hv.bside >= 0 and self.side_total(points, won, buried) < hv.contract

    def best_total(self) -> float:
        """The most the bidder's side could reach: its shown meld (saved: it takes every
        trick) and every trick point of the hand (§5.7)."""
        return float(self.hv.shown[self.hv.bside] + self.hv.hand_total)


def _hand_value(view: SeatView) -> _Value:
    return _Value(view)


# ---------------------------------------------------------------------- candidate sets
def _pass_worth(c: int, t: int) -> float:
    """How much a partner's card is worth to the bidder (standard's order: trump, aces,
    tens, pinochle parts)."""
    r = c % 6
    if c // 6 == t:
        return 130.0 + (5 - r) * 4.0 if r != 5 else 12.0
    return (80.0, 25.0, 20.0, 20.0, 8.0, 0.0)[r] + (10.0 if c in (3, 16) else 0.0)


def candidate_sets(
    hand: Sequence[int], pref: tuple[int, ...], trump: int, v: Any, to_bidder: bool, width: int
) -> list[tuple[int, ...]]:
    """``pref`` (sorted faces) and at most ``width`` - 1 sets of as many cards one card
    away from it, best first by a cheap order: a partner's pass to the bidder by the
    cards' worth to a bidder (`_pass_worth`); the bidder's pass back or bury by the meld
    the hand keeps, then the trumps and aces kept, then the counters buried where they
    count for the bidder."""
    from rules import score_meld

    hand = sorted(int(c) for c in hand)
    rest = _less(hand, pref)
    out: dict[tuple[int, ...], float] = {}
    cp = v.card_points
    counted = bool(v.kitty_size and v.kitty_discards_count_for_bidder)
    for x in sorted(set(pref)):
        for y in sorted(set(rest)):
            if x == y:
                continue
            cards = list(pref)
            cards.remove(x)
            cards.append(y)
            key = tuple(sorted(cards))
            if key in out:
                continue
            if to_bidder:
                score = sum(_pass_worth(c, trump) for c in key)
            else:
                kept = _less(hand, key)
                score = score_meld(kept, trump, v).total * 10.0
                score -= sum(60.0 if c // 6 == trump else 25.0 if c % 6 == 0 else 0.0 for c in key)
                if counted:
                    score += sum(cp[c] for c in key)
            out[key] = score
    ranked = sorted(out, key=lambda k: (-out[k], k))
    return [tuple(pref), *ranked[: max(0, width - 1)]]
