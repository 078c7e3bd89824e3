"""Words of the tutorial ("Learn to play"): the tour of the keys and the lessons.

Every key a sentence names is a placeholder filled from the player's key map
(:data:`KEY_NAMES`), so "Press S to hear the scores" names whatever key gives the
scores for this player. The lesson data (:mod:`audiospades.tutorial.lessons`)
refers to these words by :class:`~audiospades.tutorial.model.Point`.
"""

from __future__ import annotations

import string
from typing import Final

from audiospades.bots import Hint
from audiospades.commands import Command
from audiospades.i18n import _
from audiospades.keymap import Context
from audiospades.presenter.keynames import key_for, yes_no_keys
from audiospades.presenter.system import hint_text
from audiospades.rules import Card
from audiospades.rules.deck import card_table
from audiospades.seating import DEFAULT_NAMES
from audiospades.textmark import N_
from audiospades.tutorial.lessons import LESSONS
from audiospades.tutorial.model import Lesson, Point

KEY_NAMES: Final[dict[str, tuple[Command, Context]]] = {
    "tab": (Command.NEXT_PLAYABLE, Context.TABLE),
    "hint": (Command.HINT, Context.TABLE),
    "undo": (Command.UNDO, Context.TABLE),
    "play": (Command.PLAY_CARD, Context.TABLE),
    "gather": (Command.CONTINUE, Context.TABLE),
    "back": (Command.MENU, Context.TABLE),
    "read": (Command.READ_HAND, Context.TABLE),
    "prev_card": (Command.PREV_CARD, Context.TABLE),
    "next_card": (Command.NEXT_CARD, Context.TABLE),
    "prev_playable": (Command.PREV_PLAYABLE, Context.TABLE),
    "suit_led": (Command.SUIT_LED, Context.TABLE),
    "cards": (Command.CARDS_ON_TABLE, Context.TABLE),
    "trick_info": (Command.TRICK_INFO, Context.TABLE),
    "yes": (Command.YES, Context.QUESTION),
    "bid_enter": (Command.BID, Context.BIDDING),
    "nil": (Command.BID_NIL, Context.BIDDING),
    "help": (Command.HELP, Context.GLOBAL),
    "repeat": (Command.REPEAT, Context.TABLE),
}
"""Placeholder names usable in every tutorial sentence: the command each names."""

_POINTS: Final[dict[Point, tuple[str, str]]] = {
    # --- the tour: (request, explanation) ---
    Point.TOUR_READ_HAND: (
        N_("Press {key} to hear your whole hand."),
        N_("That was your hand, suit by suit, and how many cards you hold."),
    ),
    Point.TOUR_NEXT_CARD: (
        N_("Press {key} to move to the next card in your hand."),
        N_(
            "Each card is spoken as you reach it; once the play begins, with "
            "whether you may play it. {prev_card} moves back."
        ),
    ),
    Point.TOUR_SCORES: (
        N_("Press {key} to hear the scores."),
        N_("That was each side's score and bags."),
    ),
    Point.TOUR_WHOSE_TURN: (
        N_("Press {key} to hear whose turn it is."),
        # The game has just answered "Your turn to bid.": the tour explains the
        # bid, not the turn again.
        N_(
            "A bid is the number of tricks you expect to take. "
            "Your partner's bid and yours are added together."
        ),
    ),
    Point.TOUR_BID_DIGIT: (
        N_("To bid, type the number. Press {key} now."),
        N_("The number you typed is repeated. Nothing is bid until you confirm it."),
    ),
    Point.TOUR_BID_ENTER: (
        N_("Press {key} to place your bid."),
        # The tour's hand is dealt by the player, who bids last: by the time
        # this is said the bidding is over and the first cards are down.
        N_(
            "The dealer bids last, so your bid ended the bidding and the play "
            "began: the player after the dealer leads the first trick."
        ),
    ),
    Point.TOUR_CARDS_ON_TABLE: (
        # The game has just said "Your turn. You may play ...": the tour does
        # not say the turn again (QA: "your turn" twice in a row).
        N_("Press {key} to hear the cards on the table."),
        N_("Those were the cards played to this trick, in order, and who played them."),
    ),
    Point.TOUR_NEXT_SUIT: (
        N_("Press {key} to jump to your next suit."),
        N_("The card you land on is the first of the next suit in your hand."),
    ),
    Point.TOUR_SUIT_LED: (
        N_("Press {key} to hear the suit led."),
        N_(
            "You must play a card of the suit led if you have one. Spades are "
            "trumps, and may not be led until they are broken."
        ),
    ),
    Point.TOUR_NEXT_PLAYABLE: (
        N_("Press {key} to move to a card you may play."),
        N_("{key} stops only on cards you may play; {prev_playable} goes back."),
    ),
    Point.TOUR_HINT: (
        N_("Press {key} for a hint."),
        N_("The hint is what the strongest computer player would do, and why."),
    ),
    Point.TOUR_HINTED_CARD: (
        N_("Press {key} to move to the card the hint names."),
        N_("You are on the card the hint names: playing it now follows the hint."),
    ),
    Point.TOUR_PLAY: (
        N_("Press {key} to play the card you are on."),
        # Said once the others have played too (after the game has named the
        # trick's winner): QA found "Your card is played." too late there.
        N_("You played your card, and each of the others played one: that is a trick."),
    ),
    Point.TOUR_GATHER: (
        # The game has just said "Press N to gather the trick.": the tour adds
        # why it waits, not the same request again (QA: said twice).
        N_(
            "In the lessons the table waits after each trick, so you can listen "
            "before it is gathered. Press {key} now."
        ),
        N_("The winner of the trick leads the next one."),
    ),
    Point.TOUR_LAST_TRICK: (
        N_("Press {key} to hear the last trick again."),
        N_("That was the last trick, and who won it."),
    ),
    Point.TOUR_TRICK_INFO: (
        N_("Press {key} to hear each player's bid and tricks taken."),
        N_("That was every bid and the tricks taken so far, player by player."),
    ),
    # --- a first hand: (before the decision, after it) ---
    # A bid's "before" words follow the game's own "Your turn to bid. Type a
    # number and press Enter": they start with what to look at, not with the turn
    # again (QA: "Your turn to bid." twice in a row in every lesson).
    Point.FIRST_BID: (
        N_(
            "Count your sure tricks: the ace of hearts, the ace "
            "and king of spades, and perhaps a trick by trumping, for you have no "
            "clubs. Press {read} to hear your hand, then type the number and press "
            "{bid_enter}."
        ),
        N_(
            "Your bid and your partner's are added: together you must take that "
            "many tricks. Aces and high spades are the surest tricks."
        ),
    ),
    Point.FIRST_FOLLOW: (
        N_(
            "{leader} led a heart, so you must play a heart. Press {cards} to hear "
            "the trick: {winning}'s king is winning it. Which of your hearts beats "
            "a king?"
        ),
        N_("Your ace beat the king: you took the trick, so you lead the next one."),
    ),
    Point.FIRST_NO_SPADE_LEAD: (
        N_(
            "You lead. Spades are trumps and are not broken yet, so you may not "
            "lead one while you hold other suits: {tab} skips them. Lead a card "
            "that gives nothing away: the 9 of diamonds."
        ),
        N_(
            "{winner} took the trick with the ace of diamonds. None of your "
            "diamonds could win a trick, so leading one gave up the lead cheaply."
        ),
    ),
    Point.FIRST_TRUMP: (
        N_(
            "{leader} led a club, and you have none. When you cannot follow suit you "
            "may play any card, and a spade, the trump, beats every other suit. "
            "Play your lowest spade."
        ),
        N_(
            "Your 3 of spades won the trick over the king of clubs: that is "
            "trumping. Spades are now broken."
        ),
    ),
    Point.FIRST_SPADES_BROKEN: (
        N_(
            "Spades are broken, so now you may lead them too: {tab} stops on your "
            "spades. Choose your lead."
        ),
        N_("You may lead spades whenever you like for the rest of this hand."),
    ),
    # --- nil ---
    Point.NIL_BID: (
        N_(
            "Your hand has no ace or king and only two low "
            "spades: it may take no trick at all. Bid nil, a promise to take no "
            "trick: made, it scores 100 points; one trick taken, and it costs 100. "
            "Press {nil}, then {bid_enter}."
        ),
        N_("Your nil is scored on its own: North's bid must be made by North alone."),
    ),
    Point.NIL_DUCK: (
        N_(
            "{leader} led the 9 of hearts, and your partner's ace is winning. You must "
            "play a heart. While the ace wins, it is safe to get rid of your "
            "dangerous queen of hearts."
        ),
        N_("Your queen fell under the ace: a high card gone, and no trick taken."),
    ),
    Point.NIL_DISCARD: (
        N_(
            "{leader} led a club, and you have none, so you may play any card. Throw "
            "away a high card that could win a trick later: the jack of diamonds."
        ),
        N_(
            "Your jack of diamonds is gone safely. Keep playing under the winning "
            "card, and your nil is safe."
        ),
    ),
    Point.NIL_COVER_BID: (
        N_(
            "Your partner, North, bid nil: your side's bid is now yours alone, and "
            "North's nil counts only if North takes no trick. Count your tricks, "
            "and bid."
        ),
        N_("Your bid is your side's whole contract; North's nil is scored apart."),
    ),
    Point.NIL_COVER_PLAY: (
        N_(
            "{leader} led the 2 of diamonds, and {winning}'s 8 is winning. Your "
            "job is to take tricks so that North never has to: win with your "
            "lowest card that beats the 8."
        ),
        N_(
            "Your queen took the trick. When you lead your winners, North can "
            "throw high cards under them safely."
        ),
    ),
    # --- bags ---
    Point.BAGS_BID: (
        N_(
            "Count your sure tricks and bid what you expect to "
            "take: every trick your side takes beyond its bid is a bag. A bag is "
            "worth one point, but every ten bags cost 100 points."
        ),
        N_(
            "With North's bid, your side must take that many tricks; beyond them, "
            "tricks only bring bags."
        ),
    ),
    Point.BAGS_DUCK: (
        N_(
            "Your side already has the tricks it bid: press {trick_info} to hear "
            "them. Any more would be bags. Play a card that will lose."
        ),
        N_(
            "The trick went to the other side and cost you nothing. Bags add up "
            "to a 100-point penalty, so a side with its contract plays to lose."
        ),
    ),
    # --- variants ---
    Point.SOLO_BID: (
        N_(
            "Here each player plays alone: there is no partner, "
            "and each of you holds 17 cards. Count your sure tricks; you alone "
            "must take what you bid."
        ),
        N_("Every trick you take counts for you alone."),
    ),
    Point.SOLO_KEEP: (
        N_(
            "{leader} led the ace of hearts: no heart of yours can beat it. With "
            "the ace gone, your king is the highest heart left. Keep it for a "
            "later trick, or throw it away now if you fear taking too many "
            "tricks: your choice."
        ),
        N_("The ace of hearts is gone: the king is now the highest heart left."),
    ),
    Point.SOLO_WIN: (
        N_(
            "{leader} led the 6 of clubs, and {winning} played the 8. You play "
            "last: win with the lowest club that beats the 8."
        ),
        N_(
            "Your jack took the trick. Winning cheaply keeps your high cards for later."
        ),
    ),
    Point.FIVE_BID: (
        N_(
            "With five players each of you holds 10 cards, and "
            "again each plays alone. Fewer cards make fewer tricks: count only "
            "your surest ones."
        ),
        N_("Two players bid nil: they hope to take no trick at all."),
    ),
    Point.FIVE_WIN: (
        N_(
            "{leader} led the 3 of hearts, and {winning}'s 9 is winning. You play "
            "last: win with a heart that beats the 9."
        ),
        N_("Your king took the trick."),
    ),
    Point.FIVE_LEAD_LOW: (
        N_(
            "Your king made one of the two tricks you bid. Lead a low card that "
            "gives nothing away: the 4 of hearts."
        ),
        N_("A low lead cost you nothing: your ace of clubs still waits for your bid."),
    ),
    Point.FIVE_OWN_BID: (
        N_(
            "Two players bid nil. With five of you each playing alone, making "
            "a nil bidder take a trick costs you a trick you may not need and "
            "helps the other three as much as you: leave the nils alone and play "
            "for your own bid. You need one more trick, and only your ace beats "
            "the queen of clubs."
        ),
        N_("Your ace took the trick, and your bid of 2 is made."),
    ),
    Point.JOKERS_BID: (
        N_(
            "In this game the big joker, the little joker, the 2 "
            "of diamonds and the 2 of spades are trumps above the ace of spades, "
            "and the 2 of clubs and the 2 of hearts are left out. You hold the "
            "little joker and the 2 of diamonds: count them with your spades."
        ),
        N_("High trumps are sure tricks: the jokers and deuces beat every other card."),
    ),
    Point.JOKERS_TRUMP: (
        N_(
            "{leader} led a club, and you have no club left. Here the 2 of diamonds is "
            "not a diamond but a trump: play it to win the trick."
        ),
        N_("Your 2 of diamonds won the trick as a trump."),
    ),
    Point.SIX_BID: (
        N_(
            "Six players make three sides of two, and each of "
            "you holds 8 cards: the 2s are left out, so a hand has only 8 tricks "
            "and two other sides compete for them. North, your partner, bid nil: "
            "your side's bid is yours alone. Count only your surest tricks."
        ),
        N_("Your bid is your side's whole contract; North's nil is scored apart."),
    ),
    Point.SIX_COVER_TRUMP: (
        N_(
            "{leader} led the 5 of hearts, and it is winning. You have no heart. "
            "Southwest and Northwest still play after you, but they might not beat "
            "North's card: take the trick yourself with your only spade, the jack."
        ),
        N_(
            "Your jack of spades took the trick, and North's nil is safe. Your "
            "partner sits three seats away: two opponents play between you, on "
            "every trick."
        ),
    ),
    Point.SIX_COVER_LEAD: (
        N_(
            "You lead. Lead your highest club, the king, so that North can play a "
            "club under it."
        ),
        N_(
            "North threw the queen of clubs under your king: a dangerous card "
            "gone, and no trick taken."
        ),
    ),
    Point.BLIND_QUESTION: (
        N_(
            "Before your cards are shown, the table asks whether you bid blind "
            "nil: a nil bid without looking, worth 200 points, or minus 200 if "
            "you take a trick. It is a gamble for a side far behind; in this "
            "lesson it is allowed at any score, so press {yes}."
        ),
        N_("Your blind nil is bid, and only then were your cards shown."),
    ),
    Point.BLIND_PASS: (
        N_(
            "After a blind nil, you and your partner each pass two cards. Give "
            "your partner your two highest cards, the king and the jack of "
            "spades: press {play} on each."
        ),
        N_(
            "Your partner passed you two low cards in return: the 3 of clubs and "
            "the 4 of diamonds."
        ),
    ),
    Point.BLIND_FOLLOW: (
        N_(
            "{leader} led the 2 of diamonds, and your partner's queen is winning. As a "
            "nil bidder, follow with your highest diamond that still loses: the "
            "jack. A high card thrown away while it is safe cannot win a trick later."
        ),
        N_("Your jack of diamonds lost the trick, and a dangerous card is gone."),
    ),
    Point.BLIND_DUCK: (
        N_(
            "{leader} led the ace of diamonds. Play your highest diamond that still "
            "loses to it: the 10."
        ),
        N_("Your 10 is gone under the ace, and you took no trick."),
    ),
}
"""The words of every point: the first said before, the second after."""

_LESSON_TITLES: Final[dict[str, str]] = {
    "first_hand": N_("A first hand"),
    "nil": N_("Nil"),
    "cover": N_("Covering your partner's nil"),
    "bags": N_("Bags"),
    "blind_nil": N_("Variant: blind nil"),
    "individual": N_("Variant: individual play"),
    "five": N_("Variant: five players"),
    "jokers": N_("Variant: jokers and deuces"),
    "six": N_("Variant: six players in three partnerships"),
}

_LESSON_INTROS: Final[dict[str, str]] = {
    "first_hand": N_(
        "A first hand. You sit South. North, across the table, is your partner; "
        "West and East play against you. Spades are trumps. Before each of your "
        "choices I say what to look at, and after it what happened. Press {back} "
        "to leave at any time."
    ),
    "nil": N_(
        "Nil. Bid nil when your hand can avoid taking any trick: low cards and "
        "few spades. Your partner then tries to win the tricks. Press {back} to "
        "leave at any time."
    ),
    "cover": N_(
        "Covering your partner's nil. Your partner bids nil, and your strong hand "
        "must win the tricks for both of you. Press {back} to leave at any time."
    ),
    "bags": N_(
        "Bags. Tricks taken beyond your bid are bags, and every ten of them cost "
        "100 points. Press {back} to leave at any time."
    ),
    "blind_nil": N_(
        "Blind nil with passing. A nil bid before you look at your cards, then "
        "an exchange of two cards with your partner. Press {back} to leave at any "
        "time."
    ),
    "individual": N_(
        "Individual play. Three players, each for themselves; with five or six "
        "players it goes the same way, with fewer cards each, and six players may "
        "also play in three sides of two. Press {back} to leave at any time."
    ),
    "five": N_(
        "Five players, each for themselves, with 10 cards each. Press {back} to "
        "leave at any time."
    ),
    "jokers": N_(
        "Jokers and deuces. Two jokers and two deuces join the spades as the "
        "highest trumps. Press {back} to leave at any time."
    ),
    "six": N_(
        "Six players in three partnerships, with 8 cards each. Your partner, "
        "North, sits across the table. Southwest and Northeast play together, "
        "and so do Northwest and Southeast. Press {back} to leave at any time."
    ),
}


def _keys(**extra: str) -> dict[str, str]:
    """Every key placeholder, named from the player's key map."""
    keys = {name: key_for(c, ctx) for name, (c, ctx) in KEY_NAMES.items()}
    keys.update(extra)
    return keys


def fill(text: str, **extra: str) -> str:
    """``text`` translated, with its key placeholders named from the key map."""
    return _(text).format(**_keys(**extra))


SEAT_WORDS: Final = frozenset({"leader", "winning", "winner"})
"""Placeholders naming a seat of the point's trick, worked out from the lesson."""


def _taught_at() -> dict[Point, tuple[Lesson, int]]:
    """Each point made at a numbered decision: its lesson and the decision."""
    return {
        t.point: (lesson, t.decision)
        for lesson in LESSONS
        for t in lesson.teach
        if t.decision is not None
    }


def seat_words(point: Point) -> dict[str, str]:
    """The seats a point's trick names, from its lesson's script (never by hand).

    ``leader`` led the trick of the point's decision, ``winning`` holds the best
    card played before the player's, ``winner`` took the trick. A point made at
    the bid (or at no fixed decision) names none.
    """
    found = _taught_at().get(point)
    if found is None:
        return {}
    lesson, decision = found
    trick_index = decision - 1 - bool(lesson.passes_of(0))
    if trick_index < 0:
        return {}
    rules = lesson.rules()
    names = DEFAULT_NAMES[rules.player_count]
    trick = lesson.plays[trick_index]
    table = card_table(rules)
    power = table.power_when_led[table.suit_of[trick[0][1]]]

    def best(plays: tuple[tuple[int, Card], ...]) -> int:
        return max(plays, key=lambda play: power[play[1]])[0]

    before = trick[: [seat for seat, _card in trick].index(0)]
    words = {"leader": _(names[trick[0][0]]), "winner": _(names[best(trick)])}
    if before:
        words["winning"] = _(names[best(before)])
    return words


def placeholders(text: str) -> set[str]:
    """The placeholder names in a message id (for tests).

    >>> sorted(placeholders("Press {key} or {tab}."))
    ['key', 'tab']
    """
    return {name for _l, name, _f, _c in string.Formatter().parse(text) if name}


def point_texts() -> dict[Point, tuple[str, str]]:
    """Every point's message ids (for tests)."""
    return dict(_POINTS)


def ask_text(point: Point, key: str) -> str:
    """A tour step's request: "Press S to hear the scores."."""
    return fill(_POINTS[point][0], key=key)


def explain_text(point: Point, key: str) -> str:
    """What the player just heard, after a tour step's key."""
    return fill(_POINTS[point][1], key=key)


def wrong_key_text(ask: str) -> str:
    """Another key than the one asked for: a gentle reminder."""
    return _("Not that key. {request}").format(request=ask)


def tour_intro_text() -> str:
    """The tour's first words."""
    return fill(
        N_(
            "Tour of the keys. Each step asks for one key: the table answers, then "
            "I explain what you heard. Press {back} to leave at any time; the tour "
            "goes on where you stopped."
        )
    )


def tour_resumed_text(step: int, count: int) -> str:
    """The tour taken up again where it stopped."""
    return _("Welcome back to the tour of the keys: step {step} of {count}.").format(
        step=step, count=count
    )


def tour_done_text() -> str:
    """The end of the tour."""
    return fill(
        N_(
            "That is the end of the tour. {help} lists every key at any time. "
            "Next come the guided hands."
        )
    )


def left_text() -> str:
    """The player left the tour with the leave key (its step is saved)."""
    return _("You left. Learn to play goes on where you stopped.")


def lesson_left_text() -> str:
    """The player left a lesson part way: it is kept, after quitting the game too."""
    return _("You left the lesson. Choose it again to go on where you stopped.")


def lesson_resumed_text(lesson_id: str) -> str:
    """A lesson left part way, chosen again: it goes on where it stopped."""
    return _("Welcome back to the lesson: {lesson}.").format(
        lesson=lesson_title(lesson_id)
    )


def before_text(point: Point) -> str:
    """What to look at before a decision."""
    return fill(_POINTS[point][0], **seat_words(point))


def after_text(point: Point, found: Hint | None) -> str:
    """What happened after a decision, and what a strong player would do."""
    said = fill(_POINTS[point][1], **seat_words(point))
    if found is None:
        return said
    return _("{explanation} A strong player: {hint}").format(
        explanation=said, hint=hint_text(found)
    )


def free_play_text() -> str:
    """The taught part of a lesson is over: the rest of the hand is the player's."""
    return fill(
        N_("Now play the rest of the hand yourself. {hint} gives a hint at any time.")
    )


def mistake_text(found: Hint | None) -> str:
    """A choice other than the lesson's: explained, and how to take it back.

    The words fit any choice a lesson checks (a bid, a card, the cards passed):
    the choice is what the lesson is about, only not the one it teaches.
    """
    if found is None:
        return fill(
            N_(
                "That is not the choice this lesson teaches. Press {undo} to take "
                "it back and try again."
            )
        )
    return fill(
        N_(
            "That is not the choice this lesson teaches. A strong player: "
            "{strong} Press {undo} to take it back and try again."
        ),
        strong=hint_text(found),
    )


def mistake_again_text(found: Hint | None) -> str:
    """A lesson chosen again while a wrong choice waits to be taken back."""
    if found is None:
        return fill(
            N_(
                "Your last choice is not the one this lesson teaches. Press {undo} "
                "to take it back and try again."
            )
        )
    return fill(
        N_(
            "Your last choice is not the one this lesson teaches. A strong "
            "player: {strong} Press {undo} to take it back and try again."
        ),
        strong=hint_text(found),
    )


def blind_hint_text() -> str:
    """H at the blind nil question of the lesson about it: the lesson's choice.

    A strong player would not bid blind nil at 0 to 0, but the lesson asks for
    it (to show how it is played): the hint says what to press here, and why a
    real table is different, never "Do not bid blind nil" (QA: two instructions
    that contradict each other).
    """
    return fill(
        N_(
            "In this lesson, bid blind nil: press {yes}, to learn how it is "
            "played. At a real table a strong player bids it only when far "
            "behind, for the gamble seldom pays."
        )
    )


def undo_first_text() -> str:
    """Another decision key while a mistake waits to be taken back."""
    return fill(N_("First press {undo} to take back your choice, then try again."))


def try_again_text() -> str:
    """Back at the decision after an undo."""
    return _("Try again.")


def lesson_title(lesson_id: str) -> str:
    """A lesson's name in the list."""
    return _(_LESSON_TITLES[lesson_id])


def lesson_intro_text(lesson_id: str) -> str:
    """A lesson's first words."""
    return fill(_LESSON_INTROS[lesson_id])


def lesson_done_text() -> str:
    """The lesson's hand is over."""
    return fill(N_("Lesson complete. Press {back} to go back to the lessons."))


def lesson_done_key_text() -> str:
    """F1's words for Enter, Space and N once the lesson's hand is over."""
    return _("nothing more to play: the lesson is complete")


def blind_hinted_card_key_text() -> str:
    """F1's words for J at the blind nil question of the lesson about it.

    It gives the lesson's hint (:func:`blind_hint_text`), after saying the hint
    is not about a card; it does not ask the question again, as at a table.
    """
    return _("the lesson's hint; it is not about a card")


def blind_no_key_text() -> str:
    """F1's words for N at the blind nil question of the lesson about it.

    The lesson does not take the other answer: N tells the question again and
    why the lesson asks for Y (the blind nil cannot be bid once the cards are
    seen).
    """
    return fill(N_("the question again, and why this lesson asks for {yes}"))


def lesson_leave_key_text(*, done: bool) -> str:
    """F1's words for Escape in a lesson.

    It leaves the lesson, even where it answers no at a table (the blind nil
    question). ``done``: the lesson is complete, and nothing is kept to go on with.
    """
    if done:
        return _("leave the lesson")
    return _("leave the lesson; choose it again to go on where you stopped")


def offer_text() -> str:
    """The first start's offer of the tutorial."""
    return _(
        "Welcome to Audio Spades. Would you like to learn to play? A spoken tour "
        "of the keys and guided hands teach you the game. Press {yes} to start, "
        "or {no} to go to the main menu. Learn to play stays in the main menu."
    ).format(**yes_no_keys())


def offer_again_text() -> str:
    """Any other key at the offer."""
    return _("Press {yes} to learn to play, or {no} for the main menu.").format(
        **yes_no_keys()
    )


def progress_unreadable_text(backup: str) -> str:
    """``tutorial.json`` was unusable: kept as ``backup``, the tutorial starts over."""
    if backup:
        return _(
            "Your progress in Learn to play could not be read. The file was kept "
            "as {backup}, and the tutorial starts from the beginning."
        ).format(backup=backup)
    return _(
        "Your progress in Learn to play could not be read; the tutorial starts "
        "from the beginning."
    )


def progress_partly_used_text(backup: str) -> str:
    """Part of ``tutorial.json`` was unusable: left out, the file kept as ``backup``."""
    if backup:
        return _(
            "Part of your progress in Learn to play could not be used and is left "
            "out. The file was kept as {backup}."
        ).format(backup=backup)
    return _(
        "Part of your progress in Learn to play could not be used and is left out."
    )


def lesson_unreadable_text(lesson_id: str, backup: str) -> str:
    """A lesson's saved place was unusable: kept as ``backup``, it starts over."""
    lesson = lesson_title(lesson_id)
    if backup:
        return _(
            "Your place in the lesson {lesson} could not be read. The file was "
            "kept as {backup}, and the lesson starts from the beginning."
        ).format(lesson=lesson, backup=backup)
    return _(
        "Your place in the lesson {lesson} could not be read; the lesson starts "
        "from the beginning."
    ).format(lesson=lesson)


def lesson_outdated_text(lesson_id: str, backup: str) -> str:
    """A lesson's saved place no longer fits the lesson (another version's save)."""
    lesson = lesson_title(lesson_id)
    if backup:
        return _(
            "Your place in the lesson {lesson} was saved by another version of "
            "the game and no longer fits the lesson. The file was kept as "
            "{backup}, and the lesson starts from the beginning."
        ).format(lesson=lesson, backup=backup)
    return _(
        "Your place in the lesson {lesson} was saved by another version of the "
        "game and no longer fits the lesson; the lesson starts from the beginning."
    ).format(lesson=lesson)


def progress_unsaved_text() -> str:
    """``tutorial.json`` or a lesson's place could not be written (said once)."""
    return _("Your progress in Learn to play could not be saved.")


LEARN_TO_PLAY: Final = N_("Learn to play")
"""The main menu's item."""
TUTORIAL_TITLE: Final = N_("Learn to play.")
"""The title of the tutorial's menu."""
TOUR_ITEM: Final = N_("Tour of the keys")


def finished_value() -> str:
    """A finished part, in the tutorial's menu."""
    return _("finished")


def under_way_value() -> str:
    """A lesson left part way, in the tutorial's menu."""
    return _("under way")


def step_value(step: int, count: int) -> str:
    """A tour stopped part way, in the tutorial's menu."""
    return _("step {step} of {count}").format(step=step, count=count)
