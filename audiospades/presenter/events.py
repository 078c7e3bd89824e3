"""What the player hears when something happens at the table.

:func:`describe` turns one notice from the game session (an engine event as seat 0
may see it, or one of the session's own notices) into utterances. Events queue; they
do not interrupt.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiospades.commands import Command
from audiospades.i18n import _, ngettext
from audiospades.keymap import Context
from audiospades.notices import (
    GameFinished,
    HandHidden,
    HandShown,
    Notice,
    Question,
    Refused,
    StorageTrouble,
    TrickWaiting,
    Undone,
    UndoRefusal,
    UndoRefused,
    YourTurn,
)
from audiospades.presenter.keynames import key_for, yes_no_keys
from audiospades.presenter.scoring import (
    game_over_text,
    hand_summary_lines,
    tie_played_off_text,
)
from audiospades.presenter.system import illegal_text, storage_text
from audiospades.presenter.table import (
    hand_text,
    position_text,
    question_text,
    your_turn_text,
)
from audiospades.presenter.utterance import (
    Utterance,
    card_cue_for,
    is_brief,
    pan_for,
)
from audiospades.presenter.words import (
    Subject,
    bid_words,
    card_list,
    card_name,
    is_you,
    player_title,
    side_subject,
    the_card,
)
from audiospades.rules import (
    BiddingComplete,
    BidMade,
    CardPlayed,
    CardsPassed,
    GameOver,
    HandDealt,
    HandScored,
    Phase,
    PlayStarted,
    RedealRequested,
    SeatView,
    SpadesBroken,
    TrickWon,
)
from audiospades.rules.seats import side_seats
from audiospades.sound import Cue
from audiospades.storage import Outcome


def describe(
    notice: Notice,
    view: SeatView,
    names: Sequence[str],
    verbosity: str = "full",
    *,
    stand_in: str = "",
) -> list[Utterance]:
    """The utterances for one notice.

    Args:
        notice: An engine event (as seat 0 sees it) or a session notice.
        view: Seat 0's view after the notice.
        names: Each seat's name (seat 0's is not used: it is "you").
        verbosity: "full" or "brief".
        stand_in: online, the computer player playing seat 0 while its person
            is away (by name): seat 0's bids, passes and cards are its own, "Hazel
            bids 3 for you.", not "You bid 3.", which a player back at the keys
            would take for their own (QA).

    Returns:
        Zero or more utterances, in the order to say them.
    """
    n = view.player_count
    brief = is_brief(verbosity)
    match notice:
        case HandDealt(hand_index=_, dealer=dealer):
            number = view.hands_played + 1
            if is_you(dealer):
                text = _("Hand {number}. You deal.").format(number=number)
            else:
                text = _("Hand {number}. {player} deals.").format(
                    number=number, player=_(names[dealer])
                )
            return [Utterance(text, Cue.DEAL)]
        case RedealRequested(seat=seat):
            if is_you(seat):
                text = _("You throw in your hand. The cards are dealt again.")
            else:
                text = _(
                    "{player} has one spade or none and throws in the hand. "
                    "The cards are dealt again."
                ).format(player=_(names[seat]))
            return [Utterance(text, Cue.SHUFFLE)]
        case BidMade(seat=seat, bid=bid):
            if is_you(seat) and stand_in:
                text = _("{computer} bids {bid} for you.").format(
                    computer=_(stand_in), bid=bid_words(bid)
                )
            elif is_you(seat):
                text = _("You bid {bid}.").format(bid=bid_words(bid))
            elif brief:
                text = _("{player}: {bid}.").format(
                    player=_(names[seat]), bid=bid_words(bid)
                )
            else:
                text = _("{player} bids {bid}.").format(
                    player=_(names[seat]), bid=bid_words(bid)
                )
            return [Utterance(text, Cue.BID_PLACED, pan=pan_for(seat, n))]
        case BiddingComplete(bids=bids):
            parts: list[str] = []
            for side in range(view.rules.side_count):
                seats = side_seats(side, n, view.rules.partnerships)
                if len(seats) > 1 and any(bids[s].is_nil for s in seats):
                    # A nil is a bid of its own, never a 0 in a side's count.
                    parts.extend(
                        _("{player}: {bid}.").format(
                            player=player_title(s, names), bid=bid_words(bids[s])
                        )
                        for s in seats
                    )
                    continue
                # Alone on a side (individual play), a nil is said like any bid:
                # "Dennis bid blind nil." beside "Bert bid 7.".
                total: int | str = (
                    bid_words(bids[seats[0]])
                    if len(seats) == 1
                    else sum(bids[s].tricks for s in seats)
                )
                subject, people, who = side_subject(side, view, names)
                match subject:
                    case Subject.YOU:
                        bid_line = _("You bid {count}.")
                    case Subject.YOU_AND_PARTNER:
                        bid_line = _("You and {partner} bid {count}.")
                    case _:
                        bid_line = ngettext(
                            # Translators: {side} is one player or two ("Omar and
                            # Ana"), never you; the plural is for two players.
                            "{side} bid {count}.",
                            "{side} bid {count}.",
                            people,
                        )
                parts.append(bid_line.format(count=total, **who))
            return [Utterance(_("Bidding is over.") + " " + " ".join(parts))]
        case CardsPassed(from_seat=giver, to_seat=taker, cards=cards):
            if is_you(giver) and stand_in:
                text = _("{computer} passes {cards} to {player} for you.").format(
                    computer=_(stand_in), cards=card_list(cards), player=_(names[taker])
                )
            elif is_you(giver):
                text = _("You pass {cards} to {player}.").format(
                    cards=card_list(cards), player=_(names[taker])
                )
            elif is_you(taker):
                text = _("{player} passes you {cards}.").format(
                    player=_(names[giver]), cards=card_list(cards)
                )
            else:
                count = view.rules.blind_nil_pass
                text = ngettext(
                    "{player} passes {count} card to {partner}.",
                    "{player} passes {count} cards to {partner}.",
                    count,
                ).format(player=_(names[giver]), count=count, partner=_(names[taker]))
            return [Utterance(text, Cue.CARDS_PASSED, pan=pan_for(giver, n))]
        case PlayStarted(leader=leader):
            if is_you(leader) or brief:
                return []
            return [Utterance(_("{player} leads.").format(player=_(names[leader])))]
        case CardPlayed(seat=seat, card=card):
            if is_you(seat) and stand_in:
                # Translators: {card} comes with its article: "the king of hearts".
                text = _("{computer} plays {card} for you.").format(
                    computer=_(stand_in), card=the_card(card)
                )
            elif is_you(seat):
                # Translators: {card} comes with its article: "the king of hearts".
                text = _("You play {card}.").format(card=the_card(card))
            elif brief:
                text = _("{player}: {card}.").format(
                    player=_(names[seat]), card=card_name(card)
                )
            else:
                # Translators: {card} comes with its article: "the king of hearts".
                text = _("{player} plays {card}.").format(
                    player=_(names[seat]), card=the_card(card)
                )
            return [Utterance(text, card_cue_for(seat, n), pan=pan_for(seat, n))]
        case SpadesBroken():
            if not view.rules.spades_must_break:
                return []  # No news where spades may be led at any time.
            return [Utterance(_("Spades are broken."), Cue.SPADES_BROKEN)]
        case TrickWon(seat=seat, cards=cards, trick_index=index):
            card = next(c for s, c in cards if s == seat)
            if is_you(seat):
                cue = Cue.TRICK_WON_YOU
                # Translators: {card} comes with its article: "the king of hearts".
                text = _("You win the trick with {card}.")
            else:
                cue = (
                    Cue.TRICK_WON_PARTNER
                    if view.partner == seat
                    else Cue.TRICK_WON_OPPONENT
                )
                # Translators: {card} comes with its article: "the king of hearts".
                text = _("{player} wins the trick with {card}.")
            text = text.format(
                player="" if is_you(seat) else _(names[seat]), card=the_card(card)
            )
            said = [Utterance(text, cue, pan=pan_for(seat, n))]
            failed = nil_broken_text(view, names, seat, index)
            if failed is not None:
                said.append(Utterance(failed, Cue.NIL_FAILED, pan=pan_for(seat, n)))
            return said
        case HandScored(score=score):
            lines = hand_summary_lines(score, view, names, brief)
            mine = view.side
            ours = score.sides[mine]
            cue = Cue.HAND_OVER
            if ours.bag_penalty_count:
                cue = Cue.BAG_PENALTY
            elif any(not r.is_made for r in ours.nils):
                cue = Cue.NIL_FAILED
            elif ours.is_made is False:
                cue = Cue.CONTRACT_SET
            elif ours.nils:
                cue = Cue.NIL_MADE
            elif ours.is_made:
                cue = Cue.CONTRACT_MADE
            played_off = tie_played_off_text(score, view)
            if played_off is not None:
                lines.append(played_off)
            text = " ".join([_("The hand is over."), *lines])
            return [Utterance(text, cue)]
        case GameOver():
            won = view.winner is not None and view.winner == view.side
            return [
                Utterance(
                    game_over_text(view, names),
                    Cue.GAME_WON if won else Cue.GAME_LOST,
                )
            ]
        case Question():
            return [
                Utterance(
                    question_text(
                        notice, view.rules.partnerships, view.rules.side_count
                    ),
                    Cue.YOUR_TURN,
                )
            ]
        case HandShown(cards=cards):
            return [Utterance(hand_text(cards, view.rules))]
        case HandHidden():
            return [
                Utterance(
                    _("Blind nil it is. Your cards stay hidden until you have bid.")
                )
            ]
        case YourTurn(view=turn_view):
            turn = view if turn_view is None else turn_view
            return [Utterance(your_turn_text(turn, names, brief), Cue.YOUR_TURN)]
        case Refused(error=error):
            return [
                Utterance(
                    illegal_text(error, view, names), Cue.ILLEGAL_MOVE, interrupt=True
                )
            ]
        case Undone(move_count=count):
            text = ngettext(
                "Undone: {count} move taken back.",
                "Undone: {count} moves taken back.",
                count,
            ).format(count=count)
            text = " ".join([text, position_text(view, names)])
            return [Utterance(text, Cue.UNDO, interrupt=True)]
        case UndoRefused(reason=reason, chosen=chosen):
            if reason is UndoRefusal.NOTHING_TO_UNDO:
                text = _("There is nothing to undo.")
            elif reason is UndoRefusal.BLIND_NIL_SEEN:
                text = _("You cannot take back a blind nil after seeing your cards.")
            elif reason is UndoRefusal.QUESTION_OPEN:
                text = _("Answer the question first: press {yes} or {no}.").format(
                    **yes_no_keys()
                )
            else:
                text = _("You can undo only when it is your turn.")
            if chosen:
                kept = ngettext(
                    # Translators: after an undo refused while choosing cards to
                    # pass; {key} is the key that chooses a card and puts it back.
                    "Still chosen to pass: {cards}; press {key} on it to put it back.",
                    "Still chosen to pass: {cards}; press {key} on each to put it "
                    "back.",
                    len(chosen),
                ).format(
                    cards=card_list(chosen),
                    key=key_for(Command.PLAY_CARD, Context.TABLE),
                )
                text = " ".join([text, kept])
            return [Utterance(text, Cue.ILLEGAL_MOVE, interrupt=True)]
        case TrickWaiting():
            if brief:
                return []
            return [
                Utterance(
                    _("Press {key} to gather the trick.").format(
                        key=key_for(Command.CONTINUE, Context.TABLE)
                    )
                )
            ]
        case StorageTrouble(file=file, problem=problem):
            return [Utterance(storage_text(file, problem))]
        case GameFinished(outcome=outcome):
            key = key_for(Command.MENU, Context.TABLE)
            if outcome is Outcome.WIN:
                text = _("Well played! Press {key} for the menu.").format(key=key)
            else:
                text = _("Press {key} for the menu.").format(key=key)
            return [Utterance(text)]
    return []


def nil_broken_text(
    view: SeatView, names: Sequence[str], seat: int, trick_index: int
) -> str | None:
    """The moment a nil fails: its bidder has just won a first trick (else None).

    ``view`` may already be past the trick (several notices are said at once);
    the trick is found among the hand's completed tricks, and nothing is said
    when the view has moved on to another hand (the hand's summary says it).
    """
    if view.phase not in (Phase.PLAYING, Phase.DEALING, Phase.GAME_OVER):
        return None
    bid = view.bids[seat] if seat < len(view.bids) else None
    if bid is None or not bid.is_nil:
        return None
    mine = [t for t in view.completed_tricks if t.seat == seat]
    if not mine or mine[0].trick_index != trick_index:
        return None  # not this hand's tricks, or not the bidder's first
    if is_you(seat):
        if bid.blind:
            return _("Your blind nil has failed.")
        return _("Your nil has failed.")
    if bid.blind:
        return _("Blind nil failed for {player}.").format(player=_(names[seat]))
    return _("Nil failed for {player}.").format(player=_(names[seat]))
