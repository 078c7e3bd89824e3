"""Read an English game transcript as a blind player hears it, and check that it
never contradicts itself (a module of its own, for the whole-game tests).

Only what was spoken is used: the plays, the trick winners, the bids, the hand
summaries, the info keys' answers and the game-over line. Each check names the
line it failed on, so a failure reads like the moment a listener would frown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace"]
_SUIT = r"(clubs|diamonds|hearts|spades)"
_CARD = rf"(\d+|jack|queen|king|ace) of {_SUIT}"
PLAY = re.compile(rf"^(You|.+?) plays? the {_CARD}\.$")
WIN = re.compile(rf"^(You|.+?) wins? the trick with the {_CARD}\.$")
BID = re.compile(r"^(You|.+?) bids? (\d+|nil|blind nil)\.$")
HAND = re.compile(r"^Hand (\d+)\. (.+) deals?\.$")
NIL_FAILED = re.compile(
    r"^(?:Your (?:blind )?nil has failed|(?:Blind n|N)il failed for (.+))\.$"
)
POINTS = re.compile(r"^(.*): (minus )?(\d+) points?$")
SCORE = re.compile(r"^Score: (minus )?(\d+) points?, (\d+) bags?$")
SIDE_TOOK = re.compile(r"^(.+?) and (.+?) bid (\d+) and took (\d+) tricks?$")
ONE_TOOK = re.compile(r"^(You|.+?) (?:bid (\d+) and )?took (\d+) tricks?$")
BAGS = re.compile(r"^(\d+) bags?(?: from the failed nils?)?$")
TAKEN = re.compile(r"([^.]+?):? bid (\d+|nil|blind nil), taken (\d+) tricks?")
TRICK_NO = re.compile(r"^Trick (\d+) of (\d+)\.")
STANDING = re.compile(r"([^.:]+): (minus )?(\d+), (\d+) bags?\.")
GAME_OVER = re.compile(r"([^.:]+): (minus )?(\d+)\.")


def _value(minus: str | None, digits: str) -> int:
    return -int(digits) if minus else int(digits)


def _sentences(line: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[a-z0-9!])\. ", line.rstrip(".")) if s]


def trick_winner(plays: list[tuple[str, str, str]]) -> tuple[str, str, str]:
    """The winning play under spades-trump, ace-high rules."""
    led = plays[0][2]

    def strength(play: tuple[str, str, str]) -> int:
        _, rank, suit = play
        base = RANKS.index(rank)
        if suit == "spades":
            return 200 + base
        return 100 + base if suit == led else base

    return max(plays, key=strength)


@dataclass
class Reader:
    """Follows a transcript line by line; ``problems`` lists every contradiction."""

    players: int
    tricks_per_hand: int
    bags_per_penalty: int = 10
    problems: list[str] = field(default_factory=list)
    trick: list[tuple[str, str, str]] = field(default_factory=list)
    won: dict[str, int] = field(default_factory=dict)
    bids: dict[str, str] = field(default_factory=dict)
    nil_failed_owed: str | None = None
    spades_broken: bool = False
    scores: list[int] = field(default_factory=list)
    bags: list[int] = field(default_factory=list)
    hands_scored: int = 0
    tricks_announced: int = 0
    expect_my_play: bool = False
    game_over_checked: bool = False

    def fail(self, line: str, why: str) -> None:
        self.problems.append(f"{why}: {line!r}")

    # --- the lines ---
    def read(self, lines: list[str]) -> None:
        for i, line in enumerate(lines):
            if self.nil_failed_owed is not None and not NIL_FAILED.match(line):
                self.fail(
                    line, f"{self.nil_failed_owed}'s broken nil was not announced"
                )
            self.nil_failed_owed = None
            self.line(line, lines[i + 1] if i + 1 < len(lines) else "")

    def line(self, line: str, following: str) -> None:
        if m := HAND.match(line):
            self.trick, self.won, self.bids = [], {}, {}
            self.spades_broken, self.tricks_announced = False, 0
            return
        if m := BID.match(line):
            self.bids[m[1]] = m[2]
            return
        if m := PLAY.match(line):
            self.on_play(line, m[1], m[2], m[3], following)
            return
        if m := WIN.match(line):
            self.on_win(line, m[1], m[2], m[3])
            return
        if line.startswith("Your turn. "):
            self.expect_my_play = True
            return
        if NIL_FAILED.match(line):
            return
        if line.startswith("The hand is over. "):
            self.on_summary(line, line.removeprefix("The hand is over. "))
            return
        if m := TRICK_NO.match(line):
            self.on_trick_info(line, int(m[1]))
            return
        if STANDING.match(line) and "Playing to" in line:
            self.on_standing(line)
            return
        if line.startswith("Game over.") and not self.game_over_checked:
            self.on_game_over(line)

    def on_play(
        self, line: str, who: str, rank: str, suit: str, following: str
    ) -> None:
        if self.expect_my_play and who != "You":
            self.fail(line, "'Your turn' was said, but someone else played")
        if who == "You":
            self.expect_my_play = False
        if any(p[0] == who for p in self.trick):
            self.fail(line, f"{who} plays twice in one trick")
        self.trick.append((who, rank, suit))
        if suit == "spades" and not self.spades_broken:
            self.spades_broken = True
            if self.trick[0][2] != "spades" and following != "Spades are broken.":
                self.fail(
                    line, "the first spade of the hand did not break spades aloud"
                )
        if len(self.trick) > self.players:
            self.fail(line, "more plays than players in one trick")

    def on_win(self, line: str, who: str, rank: str, suit: str) -> None:
        if len(self.trick) != self.players:
            self.fail(line, f"a trick of {len(self.trick)} plays was won")
            self.trick = []
            return
        best = trick_winner(self.trick)
        if (best[0], best[1], best[2]) != (who, rank, suit):
            self.fail(line, f"the rules give this trick to {best}")
        self.won[who] = self.won.get(who, 0) + 1
        self.tricks_announced += 1
        if self.won[who] == 1 and self.bids.get(who) in ("nil", "blind nil"):
            self.nil_failed_owed = who
        self.trick = []

    def on_trick_info(self, line: str, number: int) -> None:
        if number != self.tricks_announced + 1 and self.trick:
            self.fail(line, f"{self.tricks_announced} tricks were announced")
        for name, _bid, taken in TAKEN.findall(line):
            who = name.strip().rstrip(":")
            if " and " in who:
                a, b = who.split(" and ", 1)
                if int(taken) != self.won.get(a, 0) + self.won.get(b, 0):
                    self.fail(line, f"{who} took {self.won}")
            elif int(taken) != self.won.get(who, 0):
                self.fail(line, f"{who} took {self.won.get(who, 0)}, not {taken}")

    def on_summary(self, line: str, text: str) -> None:
        segments: list[list[str]] = [[]]
        for sentence in _sentences(text):
            segments[-1].append(sentence)
            if sentence.startswith("Score:"):
                segments.append([])
        segments = [s for s in segments if s]
        if not self.scores:
            self.scores, self.bags = [0] * len(segments), [0] * len(segments)
        if len(segments) != len(self.scores):
            self.fail(line, "the number of sides changed")
            return
        told = 0
        for index, segment in enumerate(segments):
            told += self.check_side(line, index, segment)
        if self.tricks_announced != self.tricks_per_hand:
            self.fail(line, f"{self.tricks_announced} tricks were announced this hand")
        if told != self.tricks_announced:
            self.fail(line, f"{told} tricks summed, {self.tricks_announced} announced")
        self.hands_scored += 1

    def check_side(self, line: str, index: int, segment: list[str]) -> int:
        delta, this_hand, bags, told = 0, None, 0, 0
        members: set[str] = set()
        for sentence in segment:
            if m := SIDE_TOOK.match(sentence):
                members |= {m[1], m[2]}
                told += int(m[4])
                both = self.won.get(m[1], 0) + self.won.get(m[2], 0)
                if both != int(m[4]):
                    self.fail(line, f"{m[1]} and {m[2]} took {both} between them")
            elif m := ONE_TOOK.match(sentence):
                members.add(m[1])
                told += int(m[3])
                if self.won.get(m[1], 0) != int(m[3]):
                    self.fail(line, f"{m[1]} took {self.won.get(m[1], 0)}")
            elif m := SCORE.match(sentence):
                total, bags_now = _value(m[1], m[2]), int(m[3])
                if this_hand is not None and this_hand != delta:
                    self.fail(line, f"this hand {this_hand} != items {delta}")
                if self.scores[index] + delta != total:
                    self.fail(line, f"{self.scores[index]} + {delta} != {total}")
                if bags_now != self.bags[index] + bags:
                    self.fail(line, f"bags {self.bags[index]} + {bags} != {bags_now}")
                self.scores[index], self.bags[index] = total, bags_now
            elif m := POINTS.match(sentence):
                value = _value(m[2], m[3])
                if m[1] == "This hand":
                    this_hand = value
                    continue
                delta += value
                if b := BAGS.match(m[1]):
                    bags += int(b[1])
                if m[1] == "Bag penalty":
                    bags -= self.bags_per_penalty
        tricks = sum(self.won.get(name, 0) for name in members)
        if told != tricks:
            self.fail(line, f"side {sorted(members)} said {told} tricks, won {tricks}")
        return told

    def on_standing(self, line: str) -> None:
        found = STANDING.findall(line)
        if self.scores and [_value(m, d) for _, m, d, _ in found] != self.scores:
            self.fail(line, f"the scores are {self.scores}")
        if self.bags and [int(b) for *_, b in found] != self.bags:
            self.fail(line, f"the bags are {self.bags}")

    def on_game_over(self, line: str) -> None:
        self.game_over_checked = True
        found = GAME_OVER.findall(line)
        if [_value(m, d) for _, m, d in found] != self.scores:
            self.fail(line, f"the running scores are {self.scores}")
