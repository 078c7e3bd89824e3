"""Answers to the table questions: each is one key away (seed 004's B, C, F, V, S, T).

Every function returns the text only; the table screen wraps it in an interrupting
:class:`~audiospades.presenter.utterance.Utterance`.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiospades.commands import Command
from audiospades.i18n import _, ngettext, pgettext
from audiospades.keymap import Context
from audiospades.notices import HUMAN, Question, QuestionKind
from audiospades.presenter.keynames import key_for, yes_no_keys
from audiospades.presenter.words import (
    Subject,
    allowed_bids_words,
    bid_words,
    card_list,
    card_name,
    hands_hidden_text,
    is_watching,
    is_you,
    join_list,
    only_players_text,
    own_side,
    player_name,
    player_title,
    rank_name,
    side_name,
    side_subject,
    signed,
    suit_name,
    suit_title,
    the_card,
    tricks_words,
)
from audiospades.replies import Company, HolderKind, Occupant
from audiospades.rules import (
    Bid,
    Card,
    NilTricks,
    Phase,
    Rules,
    SeatView,
    Suit,
    TrickWon,
)
from audiospades.rules.deck import card_table
from audiospades.rules.seats import previous_seat, side_seats

_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.JOKER)


def any_suit_text(suit: Suit) -> str:
    """Say which cards follow: "You may play any heart"."""
    match suit:
        case Suit.CLUBS:
            return _("You may play any club.")
        case Suit.DIAMONDS:
            return _("You may play any diamond.")
        case Suit.HEARTS:
            return _("You may play any heart.")
    return _("You may play any spade.")


def hand_text(
    cards: Sequence[Card],
    rules: Rules,
    received: Sequence[Card] = (),
    giver: str = "",
) -> str:
    """The whole hand by suit: "Your cards, 13: clubs: ace, 10, 4. ...".

    ``received``: the cards among them passed to you (see :func:`cards_received`),
    by ``giver``, said after the hand: "From Bob: the 8 of clubs and the 5 of
    clubs."
    """
    if not cards:
        return hands_hidden_text() if is_watching() else _("You hold no cards.")
    suit_of = card_table(rules).suit_of
    parts = []
    new: list[Card] = []  # the cards received, in the order read out
    for suit in _SUIT_ORDER:
        held = sorted((c for c in cards if suit_of[c] is suit), reverse=True)
        if not held and suit is Suit.JOKER:
            continue
        if not held:
            parts.append(_("{suit}: none.").format(suit=suit_title(suit)))
            continue
        held = sorted(held, key=lambda c: -card_table(rules).power[c])
        new += [c for c in held if c in received]
        ranks = [
            rank_name(c.rank) if c.suit is suit or c.is_joker else card_name(c)
            for c in held
        ]
        parts.append(
            _("{suit}: {ranks}.").format(suit=suit_title(suit), ranks=join_list(ranks))
        )
    head = ngettext("Your cards, {count}:", "Your cards, {count}:", len(cards)).format(
        count=len(cards)
    )
    if new and giver:
        # Translators: after the whole hand read out, the cards in it that your
        # partner passed to you: "From Bob: the 8 of clubs and the 5 of clubs."
        line = _("From {player}: {cards}.")
        parts.append(line.format(player=giver, cards=card_list(new)))
    return " ".join([head, *parts])


def your_hand_text(view: SeatView, names: Sequence[str]) -> str:
    """The player's hand (R), the cards passed to them named after it by giver."""
    giver = received_from(view, names)
    return hand_text(view.hand, view.rules, cards_received(view), giver or "")


def received_from(view: SeatView, names: Sequence[str]) -> str | None:
    """Who passed the player the cards the picture tags (None: nothing received).

    Cards are only ever passed between partners, after a blind nil.
    """
    partner = view.partner
    if partner is None or not cards_received(view):
        return None
    return _(names[partner])


def held_card_text(
    card: Card, view: SeatView, names: Sequence[str], brief: bool = False
) -> str:
    """A card of the player's hand by name; one passed to them says so.

    While the picture tags it (until the first trick is complete): "5 of clubs,
    from Bob", or briefly "5 of clubs, new". Any other card: its name alone.
    """
    name = card_name(card)
    if card not in cards_received(view):
        return name
    giver = received_from(view, names)
    if brief or giver is None:
        # Translators: a card under the cursor that your partner passed to you
        # (brief speech); "new" as the tag on such a card ("card passed to you").
        return pgettext("card passed to you", "{card}, new").format(card=name)
    # Translators: a card under the cursor that your partner passed to you; the
    # cursor may add more: "5 of clubs, from Bob, playable".
    return _("{card}, from {player}").format(card=name, player=giver)


def focus_text(
    card: Card,
    view: SeatView,
    names: Sequence[str],
    brief: bool,
    chosen: bool = False,
) -> str:
    """A card under the cursor, and whether it may be played (or is chosen) now.

    A card passed to the player says so first ("5 of clubs, from Bob, playable").
    """
    name = held_card_text(card, view, names, brief)
    if chosen:
        return _("{card}, chosen to pass").format(card=name)
    if view.phase is not Phase.PLAYING or not view.is_my_turn:
        return name
    if card in view.legal_plays:
        return name if brief else _("{card}, playable").format(card=name)
    return _("{card}, not playable").format(card=name)


def only_card_text(
    card: Card, view: SeatView, names: Sequence[str], chosen: bool = False
) -> str:
    """Tab found one card to go to: the only one that may be played (or passed)."""
    name = held_card_text(card, view, names)
    if not chosen and view.phase is Phase.PLAYING and view.is_my_turn:
        return _("{card}, the only card you can play").format(card=name)
    if not chosen and view.phase is Phase.PASSING and view.is_my_turn:
        return _("{card}, the only card not chosen to pass").format(card=name)
    return focus_text(card, view, names, False, chosen)


def your_turn_text(view: SeatView, names: Sequence[str], brief: bool) -> str:
    """Seat 0 must act: "Your turn. You may play any heart."."""
    if view.phase is Phase.BIDDING:
        if brief:
            return _("Your bid.")
        restricted = _restricted_bid_text(
            view,
            _("Your turn to bid. You must bid nil: type {nil} and press {key}."),
            _("Your turn to bid. You must bid {bid}: type it and press {key}."),
            _(
                "Your turn to bid. These rules allow {bids}: type your bid and "
                "press {key}."
            ),
        )
        if restricted is not None:
            return restricted
        return _("Your turn to bid. Type a number and press {key}; 0 is nil.").format(
            key=key_for(Command.BID, Context.BIDDING, Context.TABLE)
        )
    if view.phase is Phase.PASSING:
        pending = view.pending_pass
        partner = pending[1] if pending else view.partner or 0
        count = view.rules.blind_nil_pass
        return ngettext(
            "Choose {count} card to pass to {player}: press {key} on it.",
            "Choose {count} cards to pass to {player}: press {key} on each.",
            count,
        ).format(
            count=count,
            player=_(names[partner]),
            key=key_for(Command.PLAY_CARD, Context.TABLE),
        )
    if view.phase is not Phase.PLAYING:
        return ""
    led = view.led_suit
    if led is None:
        if (
            not view.spades_broken
            and view.rules.spades_must_break
            and any(view.suit_of(c) is not Suit.SPADES for c in view.hand)
        ):
            return _("Your lead. Spades are not broken.")
        return _("Your lead.")
    if brief:
        return _("Your turn.")
    if any(view.suit_of(c) is led for c in view.hand):
        if view.hands_played == 0 and view.trick_index == 0:
            # The first time the player must follow: say how to find the cards.
            # Translators: {key} is a key's name, "Tab" unless the player moved it.
            return _("Your turn. {rule} {key} moves to the cards you may play.").format(
                rule=any_suit_text(led),
                key=key_for(Command.NEXT_PLAYABLE, Context.TABLE),
            )
        return _("Your turn. {rule}").format(rule=any_suit_text(led))
    return _("Your turn. You have no {suit}: play any card.").format(
        suit=suit_name(led)
    )


def question_text(question: Question, partnerships: bool = True, sides: int = 2) -> str:
    """The yes/no question the table waits for (asked again by T, B and digits).

    ``partnerships``: whether the player has a side (else "you" are behind the
    leader). ``sides``: how many sides score; with three or more, a side is behind
    the leader, as with two it is behind the other side.
    """
    keys = yes_no_keys()
    if question.kind is QuestionKind.BLIND_NIL:
        if question.behind <= 0:
            return _(
                "Bid blind nil, before looking at your cards? "
                "Press {yes} for yes or {no} for no."
            ).format(**keys)
        if not partnerships:
            return _(
                "You are {points} or more points behind the leader. Bid blind "
                "nil, before looking at your cards? Press {yes} for yes or {no} "
                "for no."
            ).format(points=question.behind, **keys)
        if sides > 2:
            return _(
                "Your side is {points} or more points behind the leader. Bid blind "
                "nil, before looking at your cards? Press {yes} for yes or {no} "
                "for no."
            ).format(points=question.behind, **keys)
        return _(
            "Your side is {points} or more points behind. Bid blind nil, "
            "before looking at your cards? Press {yes} for yes or {no} for no."
        ).format(points=question.behind, **keys)
    return _(
        "You hold one spade or none. Throw in the hand for a new deal? "
        "Press {yes} for yes or {no} for no."
    ).format(**keys)


def trick_cards_text(
    trick: Sequence[tuple[int, Card]], names: Sequence[str]
) -> list[str]:
    """Each card of a trick as "West, queen of spades".

    The list goes inside a sentence ("On the table: West, 4 of spades and you, 10
    of spades"), so "you" is not capitalised.
    """
    return [
        _("{player}, {card}").format(
            player=player_name(seat, names), card=card_name(card)
        )
        for seat, card in trick
    ]


def cards_on_table_text(
    view: SeatView, names: Sequence[str], shown: TrickWon | None = None
) -> str:
    """Key C: the cards on the table, in the order played."""
    if shown is not None and not view.trick:
        # The complete trick still down: "On the table:" as any other (it was a
        # bare list of cards, and so was the resumed game's line).
        won = (
            _("On the table: {cards}. You won it.")
            if is_you(shown.seat)
            else _("On the table: {cards}. {player} won it.")
        )
        return won.format(
            cards=join_list(trick_cards_text(shown.cards, names)),
            player=player_title(shown.seat, names),
        )
    if not view.trick:
        return _("No cards on the table.")
    on_table = _("On the table: {cards}.").format(
        cards=join_list(trick_cards_text(view.trick, names))
    )
    winning = view.winning_play
    if winning is None or len(view.trick) < 2:
        return on_table
    seat, card = winning
    if is_you(seat):
        # Translators: {card} comes with its article: "the queen of hearts".
        so_far = _("You are winning with {card}.").format(card=the_card(card))
    else:
        # Translators: {card} comes with its article: "the queen of hearts".
        so_far = _("{player} is winning with {card}.").format(
            player=player_title(seat, names), card=the_card(card)
        )
    return f"{on_table} {so_far}"


def suit_led_text(
    view: SeatView, names: Sequence[str], shown: TrickWon | None = None
) -> str:
    """Key F: the suit led to this trick, and whether spades are broken.

    ``shown``: a complete trick still on the table (until gathered): before the
    next trick's first card, its lead is the one told, as C tells its cards.
    """
    led = view.led_suit
    leader = view.trick[0][0] if view.trick else None
    if led is None and shown is not None and shown.cards:
        # The trick just won: its lead is told as past, apart from what the
        # spades allow at the next lead (QA: "Gus led clubs. Spades are not
        # broken: you may not lead one yet." mixed the two tricks).
        leader, first = shown.cards[0]
        suit = suit_name(view.suit_of(first))
        # Translators: "that trick" is the one just won, its cards still on the
        # table; the sentence after it tells what the next lead may be.
        if is_you(leader):
            text = _("You led {suit} to that trick.").format(suit=suit)
        else:
            text = _("{player} led {suit} to that trick.").format(
                player=_(names[leader]), suit=suit
            )
    elif led is not None and leader is not None:
        if is_you(leader):
            text = _("You led {suit}.").format(suit=suit_name(led))
        else:
            text = _("{player} led {suit}.").format(
                player=_(names[leader]), suit=suit_name(led)
            )
    elif view.phase is Phase.PLAYING and view.to_act is not None:
        if is_you(view.to_act):
            text = _("Nothing led yet: it is your lead.")
        else:
            text = _("Nothing led yet: {player} leads.").format(
                player=_(names[view.to_act])
            )
    else:
        return _("No trick is being played.")
    return f"{text} {_spades_state_text(view)}"


def _spades_state_text(view: SeatView) -> str:
    """Whether spades are broken, and whether the player may lead one now."""
    my_lead = is_you(view.to_act) and not view.trick
    if not view.rules.spades_must_break:
        if view.trick_index > 0 or view.rules.spade_may_lead_first_trick:
            return _("Spades may be led at any time.")
        # No breaking, but no spade leads the first trick (seed 000, "The Play").
        if my_lead and any(view.suit_of(c) is Suit.SPADES for c in view.legal_plays):
            return _(
                "Spades may be led from the second trick on, but you may lead one: "
                "you hold nothing else."
            )
        return _("Spades may be led from the second trick on.")
    if view.spades_broken:
        return _("Spades are broken.")
    if my_lead and view.legal_plays:
        if any(view.suit_of(c) is Suit.SPADES for c in view.legal_plays):
            return _(
                "Spades are not broken, but you may lead one: you hold nothing else."
            )
        return _("Spades are not broken: you may not lead one yet.")
    return _("Spades are not broken.")


def passing_state_text(
    view: SeatView, names: Sequence[str], chosen: Sequence[Card] = ()
) -> str:
    """While cards are passed after a blind nil: who passes how many to whom.

    "Passing, before the first trick: you have chosen 1 of 2 cards to pass to
    Lena. Chosen: the ace of hearts."
    """
    count = view.rules.blind_nil_pass
    pending = view.pending_pass
    if pending is None:
        return _("Passing, before the first trick.")
    giver, taker = pending
    if is_you(giver):
        text = ngettext(
            "Passing, before the first trick: you have chosen {chosen} of {count} "
            "card to pass to {player}.",
            "Passing, before the first trick: you have chosen {chosen} of {count} "
            "cards to pass to {player}.",
            count,
        ).format(chosen=len(chosen), count=count, player=_(names[taker]))
        if not chosen:
            return text
        # Translators: after "you have chosen 1 of 2 cards to pass to Lena.":
        # the cards chosen so far.
        return " ".join([text, _("Chosen: {cards}.").format(cards=card_list(chosen))])
    if is_you(taker):
        return ngettext(
            "Passing, before the first trick: {player} is choosing {count} card "
            "to pass to you.",
            "Passing, before the first trick: {player} is choosing {count} cards "
            "to pass to you.",
            count,
        ).format(count=count, player=_(names[giver]))
    return ngettext(
        "Passing, before the first trick: {player} is choosing {count} card "
        "to pass to {partner}.",
        "Passing, before the first trick: {player} is choosing {count} cards "
        "to pass to {partner}.",
        count,
    ).format(count=count, player=_(names[giver]), partner=_(names[taker]))


def trick_info_text(
    view: SeatView,
    names: Sequence[str],
    chosen: Sequence[Card] = (),
    *,
    waiting: TrickWon | None = None,
) -> str:
    """Keys V and I: each player's bid and tricks, and the trick number.

    While cards are passed no trick is under way: the pass is said instead, with
    ``chosen``, the cards the player has chosen so far. ``waiting``: a complete
    trick still on the table until the player gathers it: its number, and the
    key that gathers it (the tricks taken already count it).
    """
    n = view.player_count
    parts = []
    if view.phase is Phase.PASSING:
        parts.append(passing_state_text(view, names, chosen))
    if waiting is not None:
        parts.append(
            _("Trick {number} of {count}, complete: press {key} to gather it.").format(
                number=waiting.trick_index + 1,
                count=view.rules.trick_count,
                key=key_for(Command.CONTINUE, Context.TABLE),
            )
        )
    elif view.phase is Phase.PLAYING:
        parts.append(
            _("Trick {number} of {count}.").format(
                number=min(view.trick_index + 1, view.rules.trick_count),
                count=view.rules.trick_count,
            )
        )
    for seat in range(n):
        bid: Bid | None = view.bids[seat]
        if bid is None:
            if is_you(seat):
                parts.append(_("You have not bid."))
            else:
                parts.append(_("{player} has not bid.").format(player=_(names[seat])))
            continue
        if is_you(seat):
            text = _("You bid {bid}, taken {tricks}.")
        else:
            text = _("{player} bid {bid}, taken {tricks}.")
        parts.append(
            text.format(
                player="" if is_you(seat) else _(names[seat]),
                bid=bid_words(bid),
                tricks=tricks_words(view.tricks_won[seat]),
            )
        )
    bids = [b for b in view.bids if b is not None]
    if view.rules.partnerships and len(bids) == n:
        for side in range(view.rules.side_count):
            seats = side_seats(side, n, True)
            if any(bids[s].is_nil for s in seats) and (
                view.rules.nil_tricks is not NilTricks.PARTNER_CONTRACT
                or all(bids[s].is_nil for s in seats)
            ):
                # A nil is scored on its own: a sum would say a double nil as
                # "bid 0", or count a nil's tricks towards the partner's contract,
                # which the hand's summary then contradicts. Each bid was said above.
                continue
            subject, people, who = side_subject(side, view, names)
            match subject:
                case Subject.YOU_AND_PARTNER:
                    line = _("You and {partner}: bid {bid}, taken {tricks}.")
                case _:
                    line = ngettext(
                        # Translators: {side} is one player or two, never you;
                        # the plural is for two players ("Omar and Ana").
                        "{side}: bid {bid}, taken {tricks}.",
                        "{side}: bid {bid}, taken {tricks}.",
                        people,
                    )
            parts.append(
                line.format(
                    bid=sum(bids[s].tricks for s in seats),
                    tricks=tricks_words(sum(view.tricks_won[s] for s in seats)),
                    **who,
                )
            )
    if view.phase is Phase.DEALING and not view.is_over:
        return dealing_text(view)
    return " ".join(parts)


def dealing_text(view: SeatView) -> str:
    """While cards are dealt and no one is to act: which deal the table waits on.

    The game's first ("The next hand" was said before it, QA), a hand thrown in
    dealt again (as "... throws in the hand. The cards are dealt again." said),
    or the next hand.
    """
    if view.is_before_first_deal:
        return _("The game is starting: the cards are being dealt.")
    if view.is_thrown_in:
        return _("The cards are dealt again.")
    return _("The next hand is being dealt.")


def answers_awaited_text(view: SeatView, names: Sequence[str]) -> str:
    """What the table waits for while a question is open and no one is to act.

    "Waiting for Amélie to answer the blind nil question." A redeal question is
    not named (it would tell of a weak hand), nor one's own (T asks it again).
    """
    others = [s for s in view.answering if not is_you(s)]
    if others:
        return ngettext(
            "Waiting for {players} to answer the blind nil question.",
            "Waiting for {players} to answer the blind nil question.",
            len(others),
        ).format(players=join_list([_(names[s]) for s in others]))
    return _("Waiting for a question to be answered.")


def whose_turn_text(
    view: SeatView,
    names: Sequence[str],
    waiting_for_trick: bool = False,
    shown: TrickWon | None = None,
    *,
    stand_in: str = "",
) -> str:
    """Key T: who must act now.

    ``shown``: a trick just won, still on the table for its pause: its winner
    leads next, but the lead is not announced yet ("Your turn to play." came
    before "Your lead."). ``stand_in``: the computer player playing the
    viewer's seat while they are away (online): its turn is said as the
    picture's header says it, "To bid: Hazel, for you", not "Your turn to
    bid.", which invited a move that was not theirs to make.
    """
    if view.is_over:
        return _("The game is over.")
    if waiting_for_trick:
        return _("The trick is complete: press {key} to gather it.").format(
            key=key_for(Command.CONTINUE, Context.TABLE)
        )
    seat = view.to_act
    if stand_in and seat is not None and is_you(seat) and not view.question_open:
        header = turn_header_text(view, names, stand_in=stand_in)
        if header is not None:
            return header
    if (
        shown is not None
        and view.phase is Phase.PLAYING
        and not view.trick
        and seat is not None
        and seat == shown.seat
    ):
        if is_you(seat):
            return _("You won that trick, and lead the next.")
        return _("{player} won that trick, and leads the next.").format(
            player=_(names[seat])
        )
    if view.question_open:
        return answers_awaited_text(view, names)
    if seat is None:
        return dealing_text(view)
    if view.phase is Phase.BIDDING:
        if is_you(seat):
            return _("Your turn to bid.")
        return _("{player} is bidding.").format(player=_(names[seat]))
    if view.phase is Phase.PASSING:
        if is_you(seat):
            return _("Your turn to pass cards.")
        return _("{player} is passing cards.").format(player=_(names[seat]))
    if is_you(seat):
        return _("Your turn to play.")
    return _("{player} is playing.").format(player=_(names[seat]))


def last_trick_text(view: SeatView, names: Sequence[str]) -> str:
    """Key L: the last complete trick and who won it."""
    if not view.completed_tricks:
        return _("No trick has been completed this hand.")
    last = view.completed_tricks[-1]
    won = (
        _("Last trick: {cards}. You won it.")
        if is_you(last.seat)
        else _("Last trick: {cards}. {player} won it.")
    )
    return won.format(
        cards=join_list(trick_cards_text(last.cards, names)),
        player=player_title(last.seat, names),
    )


def bid_entry_text(entry: str, view: SeatView) -> str:
    """The bid being typed, echoed: "3", "nil"."""
    if entry == "":
        return _("No bid typed.")
    value = int(entry)
    if value == 0:
        return _("nil")
    if value > view.rules.trick_count:
        return _("{number}: too many; the most is {count}.").format(
            number=value, count=view.rules.trick_count
        )
    return str(value)


def bid_field_text(entry: str, view: SeatView) -> str:
    """The picture's field for the bid being typed: "Your bid: 12", "Your bid: nil".

    While nothing is typed yet it is "Your bid: " (the picture adds its cursor).
    """
    # Translators: the labelled field on the table picture that shows the bid
    # being typed ("Your bid: 12"); the picture draws a cursor after it.
    return _("Your bid: {bid}").format(bid=bid_entry_text(entry, view) if entry else "")


def bid_entry_held_text(entry: str, view: SeatView) -> str:
    """B with a bid typed: the bid Enter will place, not placed yet."""
    return _("Your bid so far: {bid}. Press {key} to place it.").format(
        bid=bid_entry_text(entry, view),
        key=key_for(Command.BID, Context.BIDDING, Context.TABLE),
    )


def bid_entry_refused_text(entry: str, why: str, view: SeatView) -> str:
    """B with a bid typed that the rules refuse: the bid, then why (``why``)."""
    # Translators: {why} is the rule's own sentence, as "Bid nil, or at least 4."
    return _("Your bid so far: {bid}, which these rules refuse. {why}").format(
        bid=bid_entry_text(entry, view), why=why
    )


def bid_too_many_text(typed: str, erased: str, view: SeatView) -> str:
    """A digit that would make the bid larger than the tricks in a hand.

    The bid typed before it (``erased``) is gone: Enter places nothing until the
    player types the bid again.
    """
    most = view.rules.trick_count
    if not erased:
        return _("{number} is too many; the most is {count}.").format(
            number=int(typed), count=most
        )
    return _("{number} is too many; the most is {count}. Type your bid again.").format(
        number=int(typed), count=most
    )


def bid_erased_text(erased: str, entry: str, view: SeatView) -> str:
    """Backspace: the digit erased, and the bid left: "2 erased; your bid is now 1."."""
    if not entry:
        if int(erased) == 0:
            return _("Nil erased; no bid typed.")
        return _("{digit} erased; no bid typed.").format(digit=erased[-1])
    return _("{digit} erased; your bid is now {bid}.").format(
        digit=erased[-1], bid=bid_entry_text(entry, view)
    )


def game_over_no_bid_text(view: SeatView, names: Sequence[str] = ()) -> str:
    """B, a digit, H, J or undo once the game is over: no bid, hint or turn."""
    if is_watching():
        return only_players_text()
    return _("The game is over.")


def _restricted_bid_text(
    view: SeatView, only_nil: str, only_one: str, some: str
) -> str | None:
    """A bid prompt when the rules restrict the bids; None when any bid goes.

    The caller's translated sentences are for only nil left (``{nil}``), one bid
    allowed (``{bid}``) and a restricted set (``{bids}``), each with ``{key}``.
    """
    allowed = allowed_bids_words(view)
    if allowed is None:
        return None
    plain = [b for b in view.legal_bids if not b.blind]
    template = some
    if len(plain) == 1:
        template = only_nil if plain[0].is_nil else only_one
    return template.format(
        nil=key_for(Command.BID_NIL, Context.BIDDING, Context.TABLE),
        key=key_for(Command.BID, Context.BIDDING, Context.TABLE),
        bid=allowed,
        bids=allowed,
    )


def bid_prompt_text(view: SeatView, names: Sequence[str] = ()) -> str:
    """Key B: how to bid, or why not now."""
    if not is_you(HUMAN):  # a spectator, whose view is the watched player's
        return only_players_text()
    if view.phase is Phase.BIDDING and view.is_my_turn:
        restricted = _restricted_bid_text(
            view,
            _("Your bid: you must bid nil; type {nil} and press {key}."),
            _("Your bid: you must bid {bid}; type it and press {key}."),
            _("Your bid: these rules allow {bids}; type your bid and press {key}."),
        )
        if restricted is not None:
            return restricted
        return _(
            "Your bid: type a number from 0 to {count}, or {nil} for nil, "
            "and press {key}."
        ).format(
            count=view.rules.trick_count,
            nil=key_for(Command.BID_NIL, Context.BIDDING, Context.TABLE),
            key=key_for(Command.BID, Context.BIDDING, Context.TABLE),
        )
    if is_you(HUMAN) and view.bids[HUMAN] is not None:
        bid = view.bids[HUMAN]
        assert bid is not None
        if view.phase is not Phase.BIDDING:  # as a digit typed now says it
            return _("Bidding is over: you bid {bid}.").format(bid=bid_words(bid))
        return _("You bid {bid}.").format(bid=bid_words(bid))
    return _not_your_bid_text(view, names)


def _not_your_bid_text(view: SeatView, names: Sequence[str]) -> str:
    """Not one's turn to bid, and, while a question is open, what the table awaits."""
    if view.question_open and names:
        return " ".join(
            [_("It is not your turn to bid."), answers_awaited_text(view, names)]
        )
    return _("It is not your turn to bid.")


def bid_not_now_text(view: SeatView, names: Sequence[str]) -> str:
    """A digit typed when it is not the player's turn to bid."""
    if is_watching():
        return only_players_text()
    mine = view.bids[HUMAN] if is_you(HUMAN) else None
    seat = view.to_act
    if view.phase is Phase.BIDDING and seat not in (None, HUMAN) and mine is None:
        return _("It is not your turn to bid: {player} is bidding.").format(
            player=_(names[seat])
        )
    if mine is not None:
        return _("Bidding is over: you bid {bid}.").format(bid=bid_words(mine))
    return _not_your_bid_text(view, names)


def pass_choice_text(card: Card, chosen: bool, remaining: int) -> str:
    """A card chosen (or put back) for passing, and how many are still to choose."""
    name = card_name(card)
    if chosen:
        return ngettext(
            "{card} chosen; choose {count} more.",
            "{card} chosen; choose {count} more.",
            remaining,
        ).format(card=name, count=remaining)
    return ngettext(
        "{card} put back; choose {count} more.",
        "{card} put back; choose {count} more.",
        remaining,
    ).format(card=name, count=remaining)


def hand_kept_text() -> str:
    """The redeal offer declined: "You keep your hand."."""
    return _("You keep your hand.")


def hidden_hand_text(view: SeatView) -> str:
    """The hand is hidden: the blind nil question is open, or was answered yes.

    After a yes the cards stay hidden until the blind nil is bid at the player's
    turn; "until you answer the question" would send them looking for one.
    """
    if view.seat in view.answering:
        return _("Your cards are hidden until you answer the blind nil question.")
    return _(
        "Your cards stay hidden until your turn to bid, when your blind nil is bid."
    )


def empty_hand_text() -> str:
    """No cards left."""
    return hands_hidden_text() if is_watching() else _("You hold no cards.")


def position_text(view: SeatView, names: Sequence[str]) -> str:
    """Where the game stands after an undo: the hand, the trick, the cards shown.

    The "your turn" line that follows says what to do; this says what a sighted
    player would see on the table.
    """
    number = view.hands_played + 1
    if view.phase is Phase.BIDDING:
        made = [
            _("{player} bid {bid}").format(
                player=player_title(seat, names), bid=bid_words(bid)
            )
            for seat, bid in enumerate(view.bids)
            if bid is not None
        ]
        if not made:
            return _("Hand {number}: no one has bid yet.").format(number=number)
        return _("Hand {number}. So far: {bids}.").format(
            number=number, bids=join_list(made)
        )
    if view.phase is Phase.PASSING:
        return _("Hand {number}: cards are being passed.").format(number=number)
    if view.phase is not Phase.PLAYING:
        return _("Hand {number}.").format(number=number)
    trick = min(view.trick_index + 1, view.rules.trick_count)
    if not view.trick:
        return _("Hand {number}, trick {trick}: no card on the table.").format(
            number=number, trick=trick
        )
    return _("Hand {number}, trick {trick}. {cards}").format(
        number=number, trick=trick, cards=cards_on_table_text(view, names)
    )


def resumed_text(
    view: SeatView,
    names: Sequence[str],
    shown: TrickWon | None = None,
    chosen: Sequence[Card] = (),
) -> str:
    """Said first when a saved game is continued: where the game stands.

    ``shown``: a finished trick still on the table, waiting to be gathered.
    ``chosen``: the cards the player had chosen to pass, still chosen.
    """
    if view.is_over:
        return _("Game resumed.")
    if view.phase is Phase.BIDDING and any(bid is not None for bid in view.bids):
        # The bids so far, as after an undo: "Hand 1. So far: Rosa bid 3."
        return " ".join([_("Game resumed."), position_text(view, names)])
    parts = [_("Game resumed. Hand {number}.").format(number=view.hands_played + 1)]
    if view.trick or shown is not None:
        parts.append(cards_on_table_text(view, names, shown))
    remaining = view.rules.blind_nil_pass - len(chosen)
    pending = view.pending_pass
    if chosen and remaining > 0 and view.is_my_turn and pending is not None:
        # Said in place of the turn's "Choose 2 cards to pass", which no longer
        # holds (QA): those chosen, and how many more.
        parts.append(
            ngettext(
                "You have chosen {cards} to pass to {player}; choose {count} more: "
                "press {key} on it.",
                "You have chosen {cards} to pass to {player}; choose {count} more: "
                "press {key} on each.",
                remaining,
            ).format(
                cards=card_list(chosen),
                player=_(names[pending[1]]),
                count=remaining,
                key=key_for(Command.PLAY_CARD, Context.TABLE),
            )
        )
    elif chosen:
        # Translators: said on continuing a saved game, while choosing cards to
        # pass: those already chosen, as in "You have chosen the ace of hearts
        # to pass."
        parts.append(
            _("You have chosen {cards} to pass.").format(cards=card_list(chosen))
        )
    return " ".join(parts)


def seat_label_text(seat: int, view: SeatView, names: Sequence[str]) -> str:
    """A player's place on the picture: "Rosa  bid 3  took 1", "You  nil  took 0".

    Two spaces part the name, the bid and the tricks; the picture may break a long
    label there.
    """
    player = player_title(seat, names)
    bid = view.bids[seat] if seat < len(view.bids) else None
    tricks = view.tricks_won[seat] if seat < len(view.tricks_won) else 0
    if bid is None:
        return player
    if bid.blind:
        return _("{player}  blind nil  took {tricks}").format(
            player=player, tricks=tricks
        )
    if bid.is_nil:
        return _("{player}  nil  took {tricks}").format(player=player, tricks=tricks)
    return _("{player}  bid {bid}  took {tricks}").format(
        player=player, bid=bid.tricks, tricks=tricks
    )


def seats_to_act(view: SeatView, trick_waits: bool = False) -> tuple[int, ...]:
    """The seats the picture frames as to act, as :func:`turn_header_text` names them.

    The seat to bid, pass or play; while a blind nil question is open, the seats it
    waits on. None once the game is over, nor while a finished trick waits to be
    gathered (``trick_waits``).
    """
    if view.is_over or trick_waits:
        return ()
    if view.question_open:
        return view.answering
    return () if view.to_act is None else (view.to_act,)


def seat_to_act(view: SeatView, trick_waits: bool = False) -> int | None:
    """The seat the picture shows as to act.

    None once the game is over, and while a finished trick waits to be gathered
    (``trick_waits``).
    """
    if view.is_over or trick_waits:
        return None
    return view.to_act


def turn_header_text(
    view: SeatView,
    names: Sequence[str],
    trick_waits: bool = False,
    *,
    stand_in: str = "",
) -> str | None:
    """The picture's header item for what the table waits on.

    "To bid: Rosa", "To play: You", "Trick complete", "Game over. Winner: You and
    Lee". ``trick_waits``: a finished trick is still shown, to be gathered (no one is
    to play yet). None between hands. ``stand_in``: the computer player playing
    the viewer's seat while they are away (online): "To play: Hazel, for you",
    not "You", whose move it is not.
    """
    if view.is_over:
        if view.is_draw or view.winner is None:
            return _("Game over: a draw")
        # Translators: a side is named as at the start of a sentence.
        return _("Game over. Winner: {side}").format(
            side=side_name(view.winner, view, names)
        )
    if trick_waits:
        return _("Trick complete")
    if view.question_open:
        if not view.answering:
            return _("Waiting for an answer")
        # Translators: the header while the table waits for blind nil answers, as
        # in "Blind nil question: You and Amélie" (beside "To bid: Rosa").
        return _("Blind nil question: {players}").format(
            players=join_list([player_title(s, names) for s in view.answering])
        )
    acting = seat_to_act(view)
    if acting is None:
        return None
    who = player_title(acting, names)
    if stand_in and acting == view.seat:
        # Translators: in the header "To play: Hazel, for you": the computer
        # player playing the seat of someone away at their turn.
        who = _("{computer}, for you").format(computer=_(stand_in))
    if view.phase is Phase.BIDDING:
        return _("To bid: {player}").format(player=who)
    if view.phase is Phase.PASSING:
        return _("To pass: {player}").format(player=who)
    return _("To play: {player}").format(player=who)


def dealer_shown(view: SeatView) -> int:
    """The seat the picture marks as the dealer: the dealer of the hand shown.

    Once a hand's last trick is played the engine names the next dealer at once,
    but that hand's tricks, bids and last trick stay on the table until the next
    hand is dealt (and "Hand 2. Rosa deals." said): until then the badge stays
    with the hand still shown. (A hand thrown in is dealt again by its dealer.)
    """
    if view.phase is Phase.DEALING and view.completed_tricks:
        return previous_seat(view.dealer, view.player_count)
    return view.dealer


def cards_received(view: SeatView) -> tuple[Card, ...]:
    """The cards of the hand the picture tags as passed to you.

    They are told once ("Rosa passes you the queen of spades and the 6 of
    spades"); the tag shows them among the others until the first trick is
    complete.
    """
    if view.completed_tricks:
        return ()
    return tuple(card for card in view.passed_in if card in view.hand)


def received_mark_text() -> str:
    """The tag on a card of the hand that was passed to you this hand."""
    # Translators: a short tag on a card in your hand that your partner passed to
    # you (shown until the first trick is complete); keep it to a word.
    return pgettext("card passed to you", "new")


def led_mark_text() -> str:
    """The tag beside the first card of the trick on the picture: who led it."""
    # Translators: a short tag on the picture beside the card that began the
    # trick (the player who led it); keep it to a word. The browser page shows
    # the same tag.
    return pgettext("table tag", "led")


def dealer_mark_text() -> str:
    """The tag beside the dealer's name on the picture."""
    return _("dealer")


def side_letter(side: int, view: SeatView) -> str | None:
    """The letter the picture gives a side, so that its players' labels match it.

    Only where a label's side is not plain: with three partnerships (or for a
    spectator) each other side has a letter, A first; your own side has none (your
    partner is tagged "partner"), nor has either side of two, nor a player alone.
    """
    rules = view.rules
    if not rules.partnerships:
        return None
    own = own_side(view)
    if side == own or (own is not None and rules.side_count <= 2):
        return None
    others = [s for s in range(rules.side_count) if s != own]
    return "ABCDEFGH"[others.index(side)]


def side_score_text(side: int, view: SeatView, names: Sequence[str]) -> str:
    """A side's score in the picture's header: "Rosa and Frank (side A): +10"."""
    letter = side_letter(side, view)
    name = side_name(side, view, names)
    total = signed(view.totals[side])
    if letter is None:
        return _("{side}: {total}").format(side=name, total=total)
    # Translators: a side's score in the picture's header with three partnerships;
    # the letter matches the tag on its players' labels ("side A").
    return _("{side} (side {letter}): {total}").format(
        side=name, letter=letter, total=total
    )


def seat_marks(
    seat: int, view: SeatView, dealer: int, holder: Occupant | None = None
) -> tuple[str, ...]:
    """The tags on a player's label, one each: "partner" or "side A", and "dealer".

    Online, between them, who holds the seat ("computer", "away", "computer
    plays": see :func:`holder_marks`; ``holder``: the seat's, None at a local
    table, whose other players are all computers). Each is drawn in its own
    box, and kept whole: a translation may hold any spaces. Empty: no tag.
    """
    marks: list[str] = []
    own = own_side(view)
    side = view.side_of(seat)
    if view.rules.partnerships and own is not None and side == own:
        if seat != view.seat:
            # Translators: a short tag on your partner's label on the picture.
            marks.append(pgettext("table tag", "partner"))
    else:
        letter = side_letter(side, view)
        if letter is not None:
            # Translators: a short tag on a player's label on the picture: the
            # side they play for, as the header names it ("Rosa and Frank (side
            # A)").
            marks.append(pgettext("table tag", "side {letter}").format(letter=letter))
    if holder is not None:
        marks += holder_marks(holder, over=view.is_over)
    if seat == dealer:
        marks.append(dealer_mark_text())
    return tuple(marks)


def seat_holders(company: Company, player_count: int) -> list[Occupant | None]:
    """Who holds each seat, by seat, for :func:`seat_marks` (all None locally).

    At a local table (no one can watch it) the player plays with computers
    alone: no label needs to say so.
    """
    if company.watchers is None:
        return [None] * player_count
    seats = list(company.seats)
    return [seats[seat] if seat < len(seats) else None for seat in range(player_count)]


def holder_marks(holder: Occupant, *, over: bool = False) -> tuple[str, ...]:
    """The tag on an online player's label saying who holds the seat, if any.

    What the waiting room's list and W say in words, kept in sight through the
    game: "computer" for a computer player (one standing in for a person who
    left too: the label bears its name), "away" for a person whose connection
    is down, "computer plays" for a person away whose seat a computer plays
    meanwhile (one's own too, until a key gives it back), "left" for the seat
    of a person who left a finished game. A person at the table has none.
    ``over``: the game has ended, and no computer plays for anyone away now.
    """
    if holder.kind is HolderKind.COMPUTER:
        # Translators: a short tag on the label of a computer player at an
        # online table (the people there have none).
        return (pgettext("table tag", "computer"),)
    if holder.kind is HolderKind.EMPTY:
        # Translators: a short tag on the label of a person who left a finished
        # online game (their seat is empty now).
        return (pgettext("table tag", "left"),)
    if holder.stand_in and not over:
        # Translators: a short tag on the label of a person away from an
        # online table whose seat a computer player plays meanwhile.
        return (pgettext("table tag", "computer plays"),)
    if not holder.connected or holder.stand_in:
        # Translators: a short tag on the label of a person whose connection
        # to an online table is down (or who let their turn wait, once the
        # game is over).
        return (pgettext("table tag", "away"),)
    return ()


def trick_gathered_text() -> str:
    """The answer to the key that gathers a finished trick (the table moves on)."""
    return _("Trick gathered.")
