"""Words of ``audiospades replay``: its lines of scores and its one line of trouble.

The replay command lays out the structure (which lines, the numbers in them, the
lists joined by commas); every word it writes comes from here, in the player's
language. Hands are counted from 1 in the scores, as the game counts them; in a
refusal, hands and actions are positions in the file's lists, counted from 0, so the
reader can find them. Values from the file are shown as they are written there.

>>> replay_totals_line("121, 200", "1, 0")
'Totals 121, 200; bags 1, 0'
>>> replay_totals_line("110, 200", None)
'Totals 110, 200'
>>> replay_bid_text(None), replay_bid_text("blind_nil"), replay_bid_text(4)
('-', 'blind nil', '4')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from audiospades.i18n import _, ngettext, npgettext, pgettext
from audiospades.presenter.words import (
    bid_words,
    join_list,
    player_name,
    side_name,
    suit_name,
    watching,
)
from audiospades.record import FORMAT, RecordError, RecordProblem
from audiospades.rules import (
    Bid,
    Reason,
    RulesProblem,
    RulesProblemKind,
    SeatView,
    Suit,
)

# --- the scores ----------------------------------------------------------------------


def replay_hand_line(
    number: int, bids: str, tricks: str, points: str, totals: str
) -> str:
    """One scored hand: "Hand 1: bids 10, nil, 2, nil; tricks 13, 0, 0, 0; ...".

    Args:
        number: the hand, counted from 1.
        bids: each seat's bid, joined (see :func:`replay_bid_text`).
        tricks: each seat's tricks, joined.
        points: what each side scored in the hand, signed ("+121, -50").
        totals: each side's total after the hand.
    """
    # Translators: a line of "audiospades replay", the command that checks a saved
    # game: one hand's bids and tricks (one number a seat), points and totals (one
    # number a side), as in "Hand 1: bids 10, nil, 2, nil; tricks 13, 0, 0, 0;
    # points +121, +200; totals 121, 200".
    return _(
        "Hand {number}: bids {bids}; tricks {tricks}; points {points}; totals {totals}"
    ).format(number=number, bids=bids, tricks=tricks, points=points, totals=totals)


def replay_unfinished_line(number: int, bids: str, tricks: str) -> str:
    """The last hand, not played out: its bids so far and tricks so far."""
    # Translators: a line of "audiospades replay": the hand still being played when
    # the game was saved, as in "Hand 3: unfinished; bids 4, 2, -, -; tricks 0, 0,
    # 0, 0" ("-": no bid yet).
    return _("Hand {number}: unfinished; bids {bids}; tricks {tricks}").format(
        number=number, bids=bids, tricks=tricks
    )


def replay_thrown_in_line(number: int, seat: int, names: Sequence[str] | None) -> str:
    """A hand thrown in for a redeal, and who asked: "Hand 2: thrown in, West asked".

    ``names`` are the record's seat names, if usable; without them the seat is
    numbered as in the record ("seat 1").
    """
    if names is None:
        # Translators: a seat numbered as in a game record (from 0), for a record
        # that names no players, as in "Hand 2: thrown in, seat 1 asked".
        who = _("seat {seat}").format(seat=seat)
    else:
        with watching():
            who = player_name(seat, names)
    # Translators: a line of "audiospades replay": a hand thrown in and dealt again
    # (a player with too few spades asked for it).
    return _("Hand {number}: thrown in, {player} asked").format(
        number=number, player=who
    )


def replay_bid_text(bid: int | str | None) -> str:
    """A bid as the record writes it (``4``, ``0``, ``"blind_nil"``), or "-" for none.

    Numbers are kept as they are; nil and blind nil are said as the game says them.
    """
    if bid is None:
        return "-"
    return bid_words(Bid.from_record(bid))


def replay_totals_line(totals: str, bags: str | None) -> str:
    """The running totals and bags of each side: "Totals 121, 200; bags 1, 0".

    ``bags`` is None under rules that keep no bags (quicksand scoring, seed 004:
    an overtrick costs 10 points at once): the line is then the totals alone,
    "Totals 110, 200", not bags that cannot be other than 0.
    """
    if bags is None:
        # Translators: a line of "audiospades replay": each side's score after
        # the last complete hand, under rules that keep no bags (quicksand).
        return _("Totals {totals}").format(totals=totals)
    # Translators: a line of "audiospades replay": each side's score and bags after
    # the last complete hand.
    return _("Totals {totals}; bags {bags}").format(totals=totals, bags=bags)


def replay_draw_line() -> str:
    """The game ended in a draw."""
    # Translators: the last line of "audiospades replay" for a game that was drawn.
    return _("Game over: a draw")


def replay_winner_line(side: int, view: SeatView, names: Sequence[str] | None) -> str:
    """Who won: "Game over: West and East win", "... Ann wins", "... side 1 wins".

    Sides are named by their players, as the game names them to a spectator, with
    the record's names; without them, numbered as in the record.
    """
    if names is None:
        # Translators: the last line of "audiospades replay" for a record that names
        # no players: the winning side numbered as in the record (from 0).
        return _("Game over: side {side} wins").format(side=side)
    with watching():
        who = side_name(side, view, names)
    if view.rules.partnerships:
        # Translators: the last line of "audiospades replay": a partnership won, as
        # in "Game over: West and East win".
        return _("Game over: {side} win").format(side=who)
    # Translators: the last line of "audiospades replay": one player won, as in
    # "Game over: Ann wins".
    return _("Game over: {side} wins").format(side=who)


def replay_not_finished_line() -> str:
    """The game was saved before its end."""
    # Translators: the last line of "audiospades replay" for a game still going on.
    return _("Game not finished")


# --- the one line of trouble ---------------------------------------------------------


def replay_unreadable_text(file: str, error: str) -> str:
    """The file cannot be read; ``error`` is the system's own words for why."""
    # Translators: "audiospades replay" could not read the file; {error} is the
    # system's message, as in "cannot read game.json: [Errno 2] No such file or
    # directory".
    return _("cannot read {path}: {error}").format(path=file, error=error)


def replay_not_a_file_text(file: str) -> str:
    """The path names a folder, a named pipe or a device, not a record's file."""
    # Translators: the path given to "audiospades replay" is not an ordinary file
    # (it is a folder, a named pipe or a device), so it was not read.
    return _("{path} is not an ordinary file, so it was not read").format(path=file)


def replay_too_large_text(file: str, limit_megabytes: int) -> str:
    """The file is larger than any game record; it was not read."""
    return ngettext(
        "{path} is larger than any game record ({count} megabyte at most), so it "
        "was not read",
        "{path} is larger than any game record ({count} megabytes at most), so it "
        "was not read",
        limit_megabytes,
    ).format(path=file, count=limit_megabytes)


def replay_malformed_json_text(file: str, error: str) -> str:
    """The file is not JSON; ``error`` is the JSON reader's own words for where."""
    # Translators: the file given to "audiospades replay" is not valid JSON; {error}
    # is Python's message, as in "Expecting value: line 1 column 1 (char 0)".
    return _("{path}: malformed JSON: {error}").format(path=file, error=error)


def replay_nested_too_deeply_text(file: str) -> str:
    """The file's JSON nests lists or objects deeper than can be read."""
    # Translators: the file given to "audiospades replay" has brackets nested too
    # deeply to be read.
    return _("{path}: malformed JSON: nested too deeply").format(path=file)


def replay_too_many_digits_text(file: str, limit: int) -> str:
    """A number in the file has more digits than Python reads (4,300 by default)."""
    return ngettext(
        "{path}: a number has more than {count} digit",
        "{path}: a number has more than {count} digits",
        limit,
    ).format(path=file, count=limit)


def replay_bad_record_text(file: str, error: RecordError) -> str:
    """The record cannot be replayed: the file, where in it, and why."""
    # Translators: "audiospades replay" names the file, then what is wrong in it.
    return _("{path}: {problem}").format(path=file, problem=record_problem_text(error))


def record_problem_text(error: RecordError) -> str:
    """Where a record goes wrong and why: "hand 0, action 5: card not held (card KD)".

    Hands and actions are positions in the file's lists, counted from 0.
    """
    problem = _problem_words(error)
    hand, action = error.hand_index, error.action_index
    if hand is not None and action is not None:
        # Translators: where a game record goes wrong: positions in the file's
        # lists of hands and of actions, counted from 0.
        return _("hand {hand}, action {action}: {problem}").format(
            hand=hand, action=action, problem=problem
        )
    if hand is not None:
        # Translators: where a game record goes wrong: a position in the file's
        # list of hands, counted from 0.
        return _("hand {hand}: {problem}").format(hand=hand, problem=problem)
    return problem


def _problem_words(error: RecordError) -> str:
    """Why a record cannot be replayed; names and values from the file as written."""
    d = {k: str(v) for k, v in error.detail.items()}
    value = d.get("value", "")
    match error.problem:
        case RecordProblem.NOT_AN_OBJECT:
            # Translators: what is wrong in a game record file, as "audiospades
            # replay" reports it. In these messages {value} is a value as the file
            # writes it, and {key} and {option} are the file's own names for things
            # (such as 'players'): keep them as they are.
            return _("the record is not a JSON object")
        case RecordProblem.WRONG_FORMAT:
            return _("not an {name} record (format is {value})").format(
                name=FORMAT, value=d.get("format", "")
            )
        case RecordProblem.PLAYERS_NOT_A_NUMBER:
            # Translators: {key} is the file's own name for it: keep it.
            return _("{key} must be a whole number, not {value}").format(
                key="'players'", value=value
            )
        case RecordProblem.PARTNERSHIPS_NOT_A_FLAG:
            # Translators: {key} is the file's own name for it: keep it.
            return _("{key} must be true or false, not {value}").format(
                key="'partnerships'", value=value
            )
        case RecordProblem.RULES_NOT_AN_OBJECT:
            # Translators: {key} is the file's own name for it: keep it.
            return _("{key} must be an object, not {value}").format(
                key="'rules'", value=value
            )
        case RecordProblem.DISAGREES_WITH_RULES:
            return _("{key} {value} disagrees with {option} {stated}").format(
                key=d.get("key", ""),
                value=value,
                option=d.get("option", ""),
                stated=d.get("stated", ""),
            )
        case RecordProblem.BAD_RULES:
            problems = error.detail.get("rules_problems")
            if isinstance(problems, tuple) and problems:
                words = "; ".join(
                    rules_problem_words(p)
                    for p in problems
                    if isinstance(p, RulesProblem)
                )
                # Translators: what is wrong with a game record's rules, as in
                # "rules: unknown rule option 'x'".
                return _("rules: {problems}").format(problems=words)
            # Translators: {problems} is the rules engine's own text, in English.
            return _("rules: {problems}").format(problems=d.get("problems", ""))
        case RecordProblem.HANDS_NOT_A_LIST:
            # Translators: {key} is the file's own name for it: keep it.
            return _("{key} must be a list, not {value}").format(
                key="'hands'", value=value
            )
        case RecordProblem.FIRST_DEALER_NOT_A_SEAT:
            return _("the first dealer {value} is not a seat").format(value=value)
        case RecordProblem.HAND_NOT_AN_OBJECT:
            return _("a hand must be an object")
        case RecordProblem.DEAL_AFTER_GAME_OVER:
            return _("cannot deal: the game is over")
        case RecordProblem.DEAL_BEFORE_HAND_ENDS:
            return _("cannot deal: the previous hand is unfinished")
        case RecordProblem.WRONG_DEALER:
            return _("dealer {value} should be seat {seat}").format(
                value=value, seat=d.get("seat", "")
            )
        case RecordProblem.KITTY:
            return _("these rules deal no kitty")
        case RecordProblem.DEAL_NOT_A_LIST:
            # Translators: {key} is the file's own name for it: keep it.
            return _("{key} must be a list of hands").format(key="'deal'")
        case RecordProblem.NOT_A_CARD:
            return _("not a card: {value}").format(value=value)
        case RecordProblem.BAD_DEAL:
            return _bad_deal_words(error.reason, error.detail.get("hand_size"))
        case RecordProblem.ACTIONS_NOT_A_LIST:
            # Translators: {key} is the file's own name for it: keep it.
            return _("{key} must be a list").format(key="'actions'")
        case RecordProblem.ILLEGAL_ACTION:
            engine = error.detail.get("engine")
            return _illegal_action_words(
                error.reason,
                d.get("detail"),
                engine if isinstance(engine, Mapping) else None,
            )
        case RecordProblem.MORE_HANDS_FOLLOW:
            return _("the hand is unfinished but more hands follow")
        case RecordProblem.ACTION_NOT_AN_OBJECT:
            return _("an action must be an object")
        case RecordProblem.ACTION_WITHOUT_SEAT:
            return _("an action needs a whole-number {key}").format(key="'seat'")
        case RecordProblem.ACTION_KIND_UNCLEAR:
            return _("an action needs exactly one of {keys}").format(
                keys="bid, pass, play, redeal"
            )
        case RecordProblem.PASS_NOT_A_LIST:
            # Translators: {key} is the file's own name for it: keep it.
            return _("{key} must be a list of cards").format(key="'pass'")
        case RecordProblem.NOT_A_BID:
            return _("not a bid: {value}").format(value=value)
        case RecordProblem.REDEAL_NOT_TRUE:
            # Translators: {key} is the file's own name for it: keep it.
            return _("{key} must be true").format(key="'redeal'")
    return error.message


def _bad_deal_words(reason: str | None, hand_size: object) -> str:
    """A deal the rules refused: what a deal must be, not the engine's name for it.

    ``reason`` is the engine's :class:`Reason` value; ``hand_size`` the cards each
    seat is dealt (if the engine said).
    """
    try:
        refusal = Reason(str(reason))
    except ValueError:  # none, or not the engine's
        refusal = Reason.BAD_DEAL
    if refusal is not Reason.BAD_DEAL:
        # Translators: a deal in a game record that the rules refuse, then why
        # in a few words, as in "bad deal (game over)".
        return _("bad deal ({reason})").format(reason=refusal_words(refusal))
    if type(hand_size) is not int:
        return refusal_words(refusal)
    # Translators: what is wrong with a deal in a game record, as "audiospades
    # replay" reports it: a hand of the wrong size, a card missing or twice.
    return ngettext(
        "bad deal: each seat must get {count} card, and each card of the deck "
        "must be dealt exactly once",
        "bad deal: each seat must get {count} cards, and each card of the deck "
        "must be dealt exactly once",
        hand_size,
    ).format(count=hand_size)


def _illegal_action_words(
    reason: str | None, detail: str | None, engine: Mapping[str, object] | None
) -> str:
    """An action the rules refused: "not your turn (it was seat 1's turn)".

    ``reason`` is the engine's :class:`Reason` value; ``engine`` its data about it
    (names as the engine's, values as the file writes them: ``{"to_act": "1"}``),
    each worded by :func:`refusal_detail_words`; ``detail`` the same as ``name
    value`` pairs, said only when the data is not given apart.
    """
    try:
        words = refusal_words(Reason(str(reason)))
    except ValueError:  # not the engine's (a record error raised elsewhere)
        words = str(reason)
    if engine is not None:
        detail = ", ".join(
            refusal_detail_words(str(name), str(value))
            for name, value in engine.items()
        )
    if not detail:
        return words
    # Translators: an action a game record holds that the rules refuse, then the
    # engine's data about it, as in "card not held (card KD)".
    return _("{refusal} ({detail})").format(refusal=words, detail=detail)


def refusal_words(reason: Reason) -> str:
    """Why the rules refused an action in a record, in a few words ("not your turn").

    Unlike the game's own refusals (:func:`~.system.illegal_text`) these speak to no
    one: the action is some seat's in a file.
    """
    match reason:
        case Reason.GAME_OVER:
            # Translators: why the rules refuse an action found in a game record,
            # in a few words, as "audiospades replay" reports it.
            return pgettext("record refusal", "game over")
        case Reason.WRONG_PHASE:
            return pgettext("record refusal", "wrong phase")
        case Reason.NOT_YOUR_TURN:
            return pgettext("record refusal", "not your turn")
        case Reason.NO_SUCH_SEAT:
            return pgettext("record refusal", "no such seat")
        case Reason.CARD_NOT_HELD:
            return pgettext("record refusal", "card not held")
        case Reason.MUST_FOLLOW_SUIT:
            return pgettext("record refusal", "must follow suit")
        case Reason.SPADES_NOT_BROKEN:
            return pgettext("record refusal", "spades not broken")
        case Reason.NO_SPADE_ON_FIRST_LEAD:
            return pgettext("record refusal", "no spade on first lead")
        case Reason.BID_OUT_OF_RANGE:
            return pgettext("record refusal", "bid out of range")
        case Reason.NIL_NOT_ALLOWED:
            return pgettext("record refusal", "nil not allowed")
        case Reason.DOUBLE_NIL_NOT_ALLOWED:
            return pgettext("record refusal", "double nil not allowed")
        case Reason.BLIND_NIL_NOT_ALLOWED:
            return pgettext("record refusal", "blind nil not allowed")
        case Reason.BLIND_NIL_NOT_BEHIND:
            return pgettext("record refusal", "blind nil not behind")
        case Reason.NO_HELL_TOTAL:
            return pgettext("record refusal", "no hell total")
        case Reason.SUICIDE_NEEDS_NIL:
            return pgettext("record refusal", "suicide needs nil")
        case Reason.SUICIDE_NEEDS_FOUR:
            return pgettext("record refusal", "suicide needs four")
        case Reason.MIRROR_MUST_MATCH_SPADES:
            return pgettext("record refusal", "mirror must match spades")
        case Reason.WHIZ_NIL_OR_SPADES:
            return pgettext("record refusal", "whiz nil or spades")
        case Reason.SIDE_BID_TOO_LOW:
            return pgettext("record refusal", "side bid too low")
        case Reason.WRONG_PASS_COUNT:
            return pgettext("record refusal", "wrong pass count")
        case Reason.DUPLICATE_CARD:
            return pgettext("record refusal", "duplicate card")
        case Reason.REDEAL_NOT_ALLOWED:
            return pgettext("record refusal", "redeal not allowed")
        case Reason.HAND_NOT_DEFICIENT:
            return pgettext("record refusal", "hand not deficient")
        case Reason.BAD_DEAL:
            return pgettext("record refusal", "bad deal")
        case Reason.WRONG_DEALER:
            return pgettext("record refusal", "wrong dealer")
    return reason.value.replace("_", " ")


def refusal_detail_words(name: str, value: str) -> str:
    """One datum of a refused action in a record, worded: "it was seat 1's turn".

    ``name`` is the engine's name for it (:class:`~audiospades.rules.IllegalAction`'s
    detail); ``value`` as the file writes it ("KD", "1"). Seats are numbered as the
    file numbers them, from 0, like the hands and actions of the same line.

    >>> refusal_detail_words("to_act", "1")
    "it was seat 1's turn"
    """
    count = int(value) if value.isdigit() and len(value) < 10 else 2
    match name:
        case "to_act":
            # Translators: why a game record's action was refused, after the
            # reason, as in "not your turn (it was seat 1's turn)". Seats are
            # numbered as the file numbers them, from 0.
            return pgettext("record refusal", "it was seat {seat}'s turn").format(
                seat=value
            )
        case "card":
            # Translators: as in "card not held (card KD)": the card as the
            # file writes it.
            return pgettext("record refusal", "card {card}").format(card=value)
        case "seat":
            # Translators: as in "no such seat (seat 7)", the seat as the file
            # writes it.
            return pgettext("record refusal", "seat {seat}").format(seat=value)
        case "suit" if value in {suit.value for suit in Suit}:
            # Translators: as in "must follow suit (hearts were led)".
            return pgettext("record refusal", "{suit} were led").format(
                suit=suit_name(Suit(value))
            )
        case "phase":
            return _phase_words(value)
        case "maximum":
            # Translators: as in "bid out of range (bids go up to 13)".
            return pgettext("record refusal", "bids go up to {maximum}").format(
                maximum=value
            )
        case "behind":
            # Translators: as in "blind nil not behind (a side must be 100 points
            # behind)".
            return pgettext(
                "record refusal", "a side must be {points} points behind"
            ).format(points=value)
        case "total":
            # Translators: as in "no hell total (the bids may not add up to 13)".
            return pgettext(
                "record refusal", "the bids may not add up to {total}"
            ).format(total=value)
        case "spades":
            # Translators: as in "mirror must match spades (the seat holds 3
            # spades)".
            return npgettext(
                "record refusal",
                "the seat holds {count} spade",
                "the seat holds {count} spades",
                count,
            ).format(count=value)
        case "minimum":
            # Translators: as in "side bid too low (a side must bid at least 4)".
            return pgettext(
                "record refusal", "a side must bid at least {count}"
            ).format(count=value)
        case "count":
            # Translators: as in "wrong pass count (2 cards are passed)".
            return npgettext(
                "record refusal",
                "{count} card is passed",
                "{count} cards are passed",
                count,
            ).format(count=value)
    # A datum the engine may add later, not yet worded: shown as the engine
    # names it, rather than lost.
    return f"{name} {value}"


def _phase_words(phase: str) -> str:
    """When a refused action came, by the engine's phase ("bidding")."""
    match phase:
        case "dealing":
            # Translators: as in "wrong phase (it was time to deal)".
            return pgettext("record refusal", "it was time to deal")
        case "bidding":
            return pgettext("record refusal", "it was time to bid")
        case "passing":
            return pgettext("record refusal", "it was time to pass cards")
        case "playing":
            return pgettext("record refusal", "it was time to play")
        case "game_over":
            return pgettext("record refusal", "the game was over")
    return f"phase {phase}"


def rules_problem_words(problem: RulesProblem) -> str:
    """One problem with a record's rules: "unknown rule option 'x'".

    Options are named as the file names them (``'nil_value'``); values as the file
    writes them. :func:`~.rule_words.rules_refused_text` words the same problems
    for the rule settings screen, by the options' labels.
    """
    key = f"'{problem.options[0]}'" if problem.options else ""
    value = problem.value
    match problem.kind:
        case RulesProblemKind.UNKNOWN_OPTION:
            # Translators: what is wrong with a game record's rules, as "audiospades
            # replay" reports it. {key} and {keys} are the file's own names for
            # options (such as 'nil_value'), {value} a value as the file writes it:
            # keep them as they are.
            return _("unknown rule option {key}").format(key=value or key)
        case RulesProblemKind.UNKNOWN_PRESET:
            return _("unknown preset {value}").format(value=value)
        case RulesProblemKind.WRONG_TYPE:
            return _("rule option {key} cannot be {value}: wrong type").format(
                key=key, value=value
            )
        case RulesProblemKind.UNKNOWN_READING:
            return _("rule option {key} has no reading {value}").format(
                key=key, value=value
            )
        case RulesProblemKind.OUT_OF_RANGE:
            return _("rule option {key} cannot be {value}: out of range").format(
                key=key, value=value
            )
    return _("rule options {keys} cannot be played together").format(
        keys=join_list([f"'{option}'" for option in problem.options])
    )
