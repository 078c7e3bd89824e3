"""Scores explained, with the reason for every point.

The hand summary, the running scores, the match standing, the game's end and the
rules in force.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiospades.i18n import _, ngettext, pgettext
from audiospades.presenter.words import (
    Subject,
    bags_words,
    card_name,
    is_you,
    join_list,
    own_side,
    player_title,
    side_name,
    side_subject,
    signed,
    tricks_words,
)
from audiospades.rules import HandScore, Rules, SeatView, SideScore, is_the_end
from audiospades.rules.cards import STANDARD_DECK
from audiospades.rules.deck import build_deck, trump_order
from audiospades.rules.options import (
    BiddingStyle,
    BidOrder,
    MoonRule,
    NilTricks,
    ScoringStyle,
    TieRule,
    TrumpMode,
)
from audiospades.rules.seats import side_seats


def points_words(points: int) -> str:
    """Points with their sign and unit: "60 points", "minus 100 points", "1 point"."""
    return ngettext("{points} point", "{points} points", abs(points)).format(
        points=signed(points)
    )


def side_reasons(score: SideScore, names: Sequence[str], rules: Rules) -> list[str]:
    """One sentence per reason for one side's points: "Contract made: 60 points."."""
    return [text for text, _ in _reason_parts(score, names, rules)]


def _reason_parts(
    score: SideScore, names: Sequence[str], rules: Rules
) -> list[tuple[str, bool]]:
    """:func:`side_reasons`' sentences, each with whether it carries points.

    Some only explain ("Shot the moon: ...", "You took 3 tricks." before a failed
    nil, "A bid of 10 or more scores 20 points a trick."): the hand's total is
    worth saying only when two sentences or more carry points.
    """
    out: list[tuple[str, bool]] = []

    def add(text: str) -> None:
        out.append((text, True))

    def explain(text: str) -> None:
        out.append((text, False))

    if score.shot_moon and rules.moon is MoonRule.WINS_GAME:
        explain(_("Shot the moon: every trick bid and taken, which wins the game."))
    elif score.shot_moon and rules.moon is MoonRule.SCORES_500:
        explain(_("Shot the moon: every trick bid and taken, for 500 points."))
    quicksand = rules.scoring_style is ScoringStyle.QUICKSAND
    overtrick_cost = 10 * score.contract - score.contract_points
    if score.is_made is True and quicksand and overtrick_cost > 0:
        # Quicksand: the contract's points, less 10 for each trick over it.
        add(
            _("Contract made: {points}.").format(
                points=points_words(10 * score.contract)
            )
        )
        add(
            ngettext(
                "{count} overtrick: {points}.",
                "{count} overtricks: {points}.",
                overtrick_cost // 10,
            ).format(count=overtrick_cost // 10, points=points_words(-overtrick_cost))
        )
    elif score.is_made is True:
        add(
            _("Contract made: {points}.").format(
                points=points_words(score.contract_points)
            )
        )
        if (
            rules.ten_for_two_hundred
            and not quicksand
            and score.contract >= 10
            and not (score.shot_moon and rules.moon is MoonRule.SCORES_500)
        ):
            explain(_("A bid of 10 or more scores 20 points a trick."))
    elif score.is_made is False:
        add(
            _("Contract set: {points}.").format(
                points=points_words(score.contract_points)
            )
        )
    if score.overtricks:
        add(
            ngettext(
                "{count} bag: {points}.", "{count} bags: {points}.", score.overtricks
            ).format(
                count=score.overtricks, points=points_words(score.overtrick_points)
            )
        )
    for nil in score.nils:
        if is_you(nil.seat):
            if nil.blind:
                text = (
                    _("Your blind nil made: {points}.")
                    if nil.is_made
                    else _("Your blind nil failed: {points}.")
                )
            else:
                text = (
                    _("Your nil made: {points}.")
                    if nil.is_made
                    else _("Your nil failed: {points}.")
                )
        elif nil.blind:
            text = (
                _("{player}'s blind nil made: {points}.")
                if nil.is_made
                else _("{player}'s blind nil failed: {points}.")
            )
        else:
            text = (
                _("{player}'s nil made: {points}.")
                if nil.is_made
                else _("{player}'s nil failed: {points}.")
            )
        if not nil.is_made:
            # The nil bidder's own tricks: the side's count leaves them out.
            took = (
                _("You took {tricks}.")
                if is_you(nil.seat)
                else ngettext("{side} took {tricks}.", "{side} took {tricks}.", 1)
            )
            explain(
                took.format(
                    side=player_title(nil.seat, names),
                    tricks=tricks_words(nil.tricks),
                )
            )
        add(
            text.format(
                player=player_title(nil.seat, names), points=points_words(nil.points)
            )
        )
    if score.nil_bags:
        failed = sum(1 for nil in score.nils if not nil.is_made)
        bags = (
            ngettext(
                "{count} bag from the failed nils: {points}.",
                "{count} bags from the failed nils: {points}.",
                score.nil_bags,
            )
            if failed > 1
            else ngettext(
                "{count} bag from the failed nil: {points}.",
                "{count} bags from the failed nil: {points}.",
                score.nil_bags,
            )
        )
        add(
            bags.format(count=score.nil_bags, points=points_words(score.nil_bag_points))
        )
    if score.exact_bonus:
        add(
            _("Exact bid bonus: {points}.").format(
                points=points_words(score.exact_bonus)
            )
        )
    if score.big_bid_bonus:
        add(
            _("Big bid bonus: {points}.").format(
                points=points_words(score.big_bid_bonus)
            )
        )
    if score.bag_penalty_count:
        add(
            _("Bag penalty: {points}.").format(
                points=points_words(score.bag_penalty_points)
            )
        )
    return out


def contract_holder(side: SideScore, view: SeatView) -> int | None:
    """The one partner who holds the side's contract when the other bid nil.

    The contract counts only that partner's tricks, so "You and Lena took 4"
    beside "You took 2" would contradict the 6 tricks the side was told it took;
    "Lena bid 3 and took 4 tricks" does not. None when no partner bid nil, or
    when a failed nil's tricks count towards the partner's bid: the side's tricks
    are then the nil's and the partner's together, said as the side's.
    """
    rules = view.rules
    if not side.nils or rules.nil_tricks is NilTricks.PARTNER_CONTRACT:
        return None
    nil_seats = {nil.seat for nil in side.nils}
    seats = side_seats(side.side, rules.player_count, rules.partnerships)
    holders = [seat for seat in seats if seat not in nil_seats]
    return holders[0] if len(holders) == 1 and len(seats) > 1 else None


def hand_summary_lines(
    score: HandScore, view: SeatView, names: Sequence[str], brief: bool = False
) -> list[str]:
    """Each side in whole sentences: the bid, every reason, the hand, the score.

    "You and Lena bid 6 and took 7 tricks. Contract made: 60 points. 1 bag:
    1 point. This hand: 61 points. Score: 61 points, 1 bag." The hand's total is
    said only when there is more than one reason, so nothing is said twice.
    """
    lines = []
    for side in score.sides:
        name = side_name(side.side, view, names)
        reasons = side_reasons(side, names, view.rules)
        if brief or not reasons:
            text = _("{side}: {points} this hand; score {total}.").format(
                side=name,
                points=points_words(side.points),
                total=points_words(side.total_after),
            )
            lines.append(text)
            continue
        parts = []
        subject, people, who = side_subject(side.side, view, names)
        if side.is_made is None and side.nils:
            pass  # only nils: their own sentences say the tricks each took
        elif side.is_made is None:
            match subject:
                case Subject.YOU:
                    took = _("You took {tricks}.")
                case Subject.YOU_AND_PARTNER:
                    took = _("You and {partner} took {tricks}.")
                case _:
                    took = ngettext(
                        "{side} took {tricks}.", "{side} took {tricks}.", people
                    )
            parts.append(took.format(tricks=tricks_words(side.tricks), **who))
        else:
            holder = contract_holder(side, view)
            if holder is not None:
                # One partner holds the contract (the other bid nil): name them.
                subject = Subject.YOU if is_you(holder) else Subject.OTHERS
                people = 1
                who = {"side": player_title(holder, names)}
            match subject:
                case Subject.YOU:
                    made = _("You bid {bid} and took {tricks}.")
                case Subject.YOU_AND_PARTNER:
                    made = _("You and {partner} bid {bid} and took {tricks}.")
                case _:
                    made = ngettext(
                        # Translators: {side} is one player or two, never you;
                        # the plural is for two players ("Omar and Ana").
                        "{side} bid {bid} and took {tricks}.",
                        "{side} bid {bid} and took {tricks}.",
                        people,
                    )
            parts.append(
                made.format(bid=side.contract, tricks=tricks_words(side.tricks), **who)
            )
        parts.extend(reasons)
        carrying = sum(points for _, points in _reason_parts(side, names, view.rules))
        if carrying > 1:
            parts.append(
                _("This hand: {points}.").format(points=points_words(side.points))
            )
        if view.rules.scoring_style is ScoringStyle.QUICKSAND:  # no bags at all
            score_line = _("Score: {total}.").format(
                total=points_words(side.total_after)
            )
        else:
            score_line = _("Score: {total}, {bags}.").format(
                total=points_words(side.total_after), bags=bags_words(side.bags_after)
            )
        parts.append(score_line)
        lines.append(" ".join(parts))
    return lines


def last_hand_text(view: SeatView, names: Sequence[str]) -> str:
    """Key P: the previous hand's summary, every point explained."""
    if not view.history:
        return _("No hand has been scored yet.")
    number = len(view.history)
    return " ".join(
        [
            _("Hand {number}.").format(number=number),
            *hand_summary_lines(view.history[-1], view, names),
        ]
    )


def scores_text(view: SeatView, names: Sequence[str]) -> str:
    """Key S: each side's score and bags, and what the game is played to."""
    return " ".join([side_scores_text(view, names), goal_now_text(view)])


def side_scores_text(view: SeatView, names: Sequence[str]) -> str:
    """Each side's score and bags: "You and Ann: 120, 3 bags. Bert and Milly: 80."."""
    quicksand = view.rules.scoring_style is ScoringStyle.QUICKSAND  # no bags
    return " ".join(
        (_("{side}: {total}.") if quicksand else _("{side}: {total}, {bags}.")).format(
            side=side_name(side, view, names),
            total=signed(view.totals[side]),
            bags=bags_words(view.bags[side]),
        )
        for side in range(view.rules.side_count)
    )


def goal_text(rules: Rules) -> str:
    """What ends the game: "Playing to 500 points."."""
    if rules.target_score is not None and rules.hand_limit is not None:
        return ngettext(
            "Playing to {points} points or {hands} hand.",
            "Playing to {points} points or {hands} hands.",
            rules.hand_limit,
        ).format(points=rules.target_score, hands=rules.hand_limit)
    if rules.target_score is not None:
        return _("Playing to {points} points.").format(points=rules.target_score)
    return ngettext(
        "Playing {hands} hand.", "Playing {hands} hands.", rules.hand_limit or 0
    ).format(hands=rules.hand_limit)


def goal_now_text(view: SeatView) -> str:
    """What ends the game, or that it goes on, or that it is over.

    Past the end with the lead tied it goes on; once it has ended, it is over
    (not "Playing 2 hands." as if it went on).
    """
    rules = view.rules
    if view.is_over:
        return _("The game is over.")
    if is_the_end(rules, view.totals, view.hands_played):
        return _("The game goes on until the tie for the lead is broken.")
    return goal_text(rules)


def match_standing_text(view: SeatView, names: Sequence[str]) -> str:
    """Key M: who leads and by how much, after how many hands."""
    totals = view.totals
    mine = own_side(view)
    leaders = _leaders(totals)
    best = totals[leaders[0]]
    played = ngettext(
        "{count} hand played.", "{count} hands played.", view.hands_played
    ).format(count=view.hands_played)
    if view.is_over:
        return " ".join([played, game_over_text(view, names)])
    if len(leaders) == len(totals):
        lead = _("The scores are level at {points}.").format(points=signed(best))
    elif len(leaders) > 1:
        lead = _shared_lead_text(leaders, best, view, names)
    elif len(totals) > 2:
        lead = _three_sides_lead_text(leaders[0], view, names)
    else:
        leader = leaders[0]
        others = [t for s, t in enumerate(totals) if s != leader]
        margin = best - max(others)
        if leader == mine:
            lead = (
                _("Your side leads by {margin}, {ours} to {theirs}.")
                if view.rules.partnerships
                else _("You lead by {margin}, {ours} to {theirs}.")
            )
        elif view.rules.partnerships:
            lead = _("{side} lead by {margin}, {ours} to {theirs}.")
        else:
            lead = _("{side} leads by {margin}, {ours} to {theirs}.")
        lead = lead.format(
            side=side_name(leader, view, names),
            margin=margin,
            ours=signed(best),
            theirs=signed(max(others)),
        )
    return " ".join([played, lead, goal_now_text(view)])


def place_words(place: int) -> str:
    """A place in the standing, from third on: "third", "fifth"."""
    match place:
        case 3:
            return pgettext("place in the standing", "third")
        case 4:
            return pgettext("place in the standing", "fourth")
        case 5:
            return pgettext("place in the standing", "fifth")
    return pgettext("place in the standing", "sixth")


def _three_sides_lead_text(leader: int, view: SeatView, names: Sequence[str]) -> str:
    """Three sides or more, one ahead: the leader, the runner-up, and the listener.

    "Lena leads with 72, Frank second with 30; you are fifth with minus 40, 112
    behind." Sides level in second place are named together.
    """
    totals = view.totals
    mine = own_side(view)
    teams = view.rules.partnerships
    best = totals[leader]
    second_total = max(t for s, t in enumerate(totals) if s != leader)
    seconds = [s for s, t in enumerate(totals) if s != leader and t == second_total]
    if mine in seconds:  # the listener first ("you and Omar second")
        seconds.remove(mine)
        seconds.insert(0, mine)
    second = join_list([side_name(s, view, names, opens=False) for s in seconds])
    if leader == mine:
        text = (
            _(
                "Your side leads with {best}, {second} second with {points}, {margin} "
                "behind."
            )
            if teams
            else _(
                "You lead with {best}, {second} second with {points}, {margin} behind."
            )
        )
        return text.format(
            best=signed(best),
            second=second,
            points=signed(second_total),
            margin=best - second_total,
        )
    fields = {
        "leader": side_name(leader, view, names),
        "best": signed(best),
        "second": second,
        "points": signed(second_total),
    }
    if mine is None:
        text = (
            _("{leader} lead with {best}, {second} second with {points}.")
            if teams
            else _("{leader} leads with {best}, {second} second with {points}.")
        )
        return text.format(**fields)
    ours = totals[mine]
    behind = best - ours
    if mine in seconds and len(seconds) == 1:
        text = (
            _(
                "{leader} lead with {best}; your side is second with {ours}, {behind} "
                "behind."
            )
            if teams
            else _(
                "{leader} leads with {best}; you are second with {ours}, {behind} "
                "behind."
            )
        )
        return text.format(ours=signed(ours), behind=behind, **fields)
    if mine in seconds:
        text = (
            _(
                "{leader} lead with {best}, {second} second with {points}, {behind} "
                "behind."
            )
            if teams
            else _(
                "{leader} leads with {best}, {second} second with {points}, {behind} "
                "behind."
            )
        )
        return text.format(behind=behind, **fields)
    place = 1 + sum(1 for t in totals if t > ours)
    text = (
        _(
            "{leader} lead with {best}, {second} second with {points}; your side "
            "is {place} with {ours}, {behind} behind."
        )
        if teams
        else _(
            "{leader} leads with {best}, {second} second with {points}; you are "
            "{place} with {ours}, {behind} behind."
        )
    )
    return text.format(
        place=place_words(place), ours=signed(ours), behind=behind, **fields
    )


def _leaders(totals: Sequence[int]) -> list[int]:
    """The sides with the highest total (more than one when tied at the top)."""
    best = max(totals)
    return [side for side, total in enumerate(totals) if total == best]


def _shared_lead_text(
    leaders: Sequence[int], best: int, view: SeatView, names: Sequence[str]
) -> str:
    """Some sides, not all, level at the top: who, and where the listener stands."""
    mine = own_side(view)
    # The listener's side is named first ("You and Milly share the lead").
    ordered = sorted(leaders, key=lambda side: side != mine)
    sides = [side_name(side, view, names) for side in ordered]
    if view.rules.partnerships and len(sides) == 2:
        # Translators: two of three partnerships are level at the top, each named
        # by its two players: "You and Lee, and Omar and Zoe share the lead at 120."
        text = _("{first}, and {second} share the lead at {points}.").format(
            first=sides[0], second=sides[1], points=signed(best)
        )
    else:
        # Translators: "Milly and Bert share the lead at 50."
        text = _("{players} share the lead at {points}.").format(
            players=join_list(sides), points=signed(best)
        )
    if mine is None or mine in leaders:
        return text
    # The listener's place and margin, as when one side leads ("you are fifth
    # with minus 20, 41 behind"): QA heard only "You have minus 20." at a table
    # of five, where a sighted player sees the place too.
    ours = view.totals[mine]
    place = 1 + sum(1 for total in view.totals if total > ours)
    behind = (
        # Translators: after "Milly and Bert share the lead at 50.": the
        # listener's place (third, fourth...), total and distance from the lead.
        _("Your side is {place} with {points}, {behind} behind.")
        if view.rules.partnerships
        else _("You are {place} with {points}, {behind} behind.")
    ).format(place=place_words(place), points=signed(ours), behind=best - ours)
    return f"{text} {behind}"


def tie_played_off_text(score: HandScore, view: SeatView) -> str | None:
    """After a hand that would have ended the game but for a tie at the top."""
    totals = score.totals
    leaders = _leaders(totals)
    rules = view.rules
    if (
        view.is_over
        or rules.tie_rule is not TieRule.PLAY_ON
        or len(leaders) < 2
        or not is_the_end(rules, totals, view.hands_played)
    ):
        return None
    return _("The lead is tied at {points}: another hand is played.").format(
        points=signed(totals[leaders[0]])
    )


def game_over_text(view: SeatView, names: Sequence[str]) -> str:
    """The end of the game: who won, the final scores, and one's own place.

    The place is said with three sides or more, when one's own side is not
    first: the scores are said in seat order, not in order of rank.
    """
    text = _game_over_text(view, names)
    place = _place_text(view)
    return text if place is None else f"{text} {place}"


def _place_text(view: SeatView) -> str | None:
    """Where one's own side finished, among three sides or more (None: first)."""
    totals = view.totals
    if len(totals) < 3:
        return None
    mine = own_side(view)
    if mine is None:
        return None  # watching: the chair's place is not one's own
    place = 1 + sum(total > totals[mine] for total in totals)
    if place == 1 or view.winner == mine:
        return None  # the winner, or in a tie for first: said already
    shared = sum(total == totals[mine] for total in totals) > 1
    if view.rules.partnerships:
        text = (
            _("Your side shares place {place} of {count}.")
            if shared
            else _("Your side finishes in place {place} of {count}.")
        )
    elif shared:
        text = _("You share place {place} of {count}.")
    else:
        text = _("You finish in place {place} of {count}.")
    return text.format(place=place, count=len(totals))


def _game_over_text(view: SeatView, names: Sequence[str]) -> str:
    finals = " ".join(
        _("{side}: {total}.").format(
            side=side_name(side, view, names), total=signed(view.totals[side])
        )
        for side in range(view.rules.side_count)
    )
    rules = view.rules
    if rules.mercy_score is not None and min(view.totals) <= rules.mercy_score:
        # The mercy rule ended it, not the target: said first, with who fell.
        fallen = [s for s, t in enumerate(view.totals) if t <= rules.mercy_score]
        mercy = _mercy_text(fallen, view, names)
        finals = f"{mercy} {finals}"
    if view.is_draw or view.winner is None:
        leaders = _leaders(view.totals)
        if len(leaders) < len(view.totals):
            # Three sides or more: a tie for first place, not everyone level.
            return _("The game is over: {sides} tie for first place. {scores}").format(
                sides=join_list(
                    [
                        side_name(s, view, names, opens=i == 0)
                        for i, s in enumerate(leaders)
                    ]
                ),
                scores=finals,
            )
        return _("The game is over: a draw. {scores}").format(scores=finals)
    if view.winner == own_side(view):
        if view.rules.partnerships:
            return _("Game over. Your side wins! {scores}").format(scores=finals)
        return _("Game over. You win! {scores}").format(scores=finals)
    won = (
        _("Game over. {side} win. {scores}")
        if view.rules.partnerships
        else _("Game over. {side} wins. {scores}")
    )
    return won.format(side=side_name(view.winner, view, names), scores=finals)


def _mercy_text(fallen: Sequence[int], view: SeatView, names: Sequence[str]) -> str:
    """Who fell to the mercy score: "Mercy rule: you are at minus 340; ..."."""
    rules = view.rules
    limit = signed(rules.mercy_score or 0)
    if len(fallen) > 1:
        return _("Mercy rule: {sides} are at or below the limit of {limit}.").format(
            sides=join_list([side_name(s, view, names, opens=False) for s in fallen]),
            limit=limit,
        )
    side = fallen[0]
    points = signed(view.totals[side])
    if side == own_side(view):
        text = (
            _("Mercy rule: your side is at {points}; the limit is {limit}.")
            if rules.partnerships
            else _("Mercy rule: you are at {points}; the limit is {limit}.")
        )
    elif rules.partnerships:
        text = _("Mercy rule: {side} are at {points}; the limit is {limit}.")
    else:
        text = _("Mercy rule: {side} is at {points}; the limit is {limit}.")
    return text.format(
        side=side_name(side, view, names, opens=False), points=points, limit=limit
    )


def removed_cards_text(rules: Rules) -> str | None:
    """The cards of the 52 this table leaves out, named from the engine's deck.

    None when all 52 are dealt (jokers added are named by the trumps' line).
    """
    deck = set(build_deck(rules))
    removed = [card for card in STANDARD_DECK if card not in deck]
    if not removed:
        return None
    return ngettext(
        "The {cards} is left out of the deck.",
        "The {cards} are left out of the deck.",
        len(removed),
    ).format(cards=join_list([card_name(card) for card in removed]))


def trumps_text(rules: Rules) -> str:
    """The trumps, highest first, as the rules summary says them."""
    trumps = {
        TrumpMode.NORMAL: _("Spades are trumps, ace high."),
        TrumpMode.JOKERS: _("Big joker, then little joker, then the spades."),
        TrumpMode.DEUCES: _(
            "Deuces on top: 2 of spades, 2 of diamonds, 2 of clubs, "
            "2 of hearts, then the spades."
        ),
        TrumpMode.NEW_YORK_CITY: _(
            "Big joker, little joker, 2 of diamonds, 2 of spades, then the spades."
        ),
        TrumpMode.BARMORE: _("Big joker, little joker, 2 of spades, then the spades."),
    }
    return trumps[rules.trump_mode]


def scoring_style_text(rules: Rules) -> str:
    """How a contract scores: quicksand said exactly, else the bag penalty."""
    if rules.scoring_style is ScoringStyle.QUICKSAND:
        # Rules.scoring: made, 10 a trick bid less 10 an overtrick; set, minus 10
        # for each trick short (not for each trick bid); no bags at all.
        return _(
            "Quicksand scoring: a contract made scores 10 a trick bid, less 10 for "
            "each overtrick; a contract set loses 10 for each trick short; there "
            "are no bags."
        )
    if not rules.bag_penalty:
        return _("Bags carry no penalty.")
    return _("{bags} bags cost {points} points.").format(
        bags=rules.bags_per_penalty, points=rules.bag_penalty
    )


def bidding_style_text(rules: Rules) -> str | None:
    """What suicide, mirror or whiz bidding asks of each bid; None for normal."""
    if rules.bidding_style is BiddingStyle.SUICIDE:
        # Rules.bidding: a second nil passes the suicide check; only the double
        # nil option can refuse it.
        if rules.double_nil_allowed:
            return _(
                "Suicide: one partner bids nil, the other at least 4, or both bid nil."
            )
        return _("Suicide: one partner bids nil, the other at least 4.")
    if rules.bidding_style is BiddingStyle.MIRROR:
        if rules.blind_nil_allowed:
            return _(
                "Mirror: everyone bids their number of spades, unless they bid "
                "blind nil."
            )
        return _("Mirror: everyone bids their number of spades.")
    if rules.bidding_style is BiddingStyle.WHIZ:
        if rules.blind_nil_allowed:
            return _("Whiz: bid your number of spades, or nil, or blind nil.")
        return _("Whiz: bid your number of spades, or nil.")
    return None


def ten_for_two_hundred_text(rules: Rules) -> str | None:
    """The "ten for two hundred" line, when it is on and can score."""
    if not rules.ten_for_two_hundred:
        return None
    if rules.scoring_style is ScoringStyle.QUICKSAND:
        return None
    if rules.trick_count < 10:
        return None  # six players: 8 tricks a hand, no contract of 10
    return _(
        "A contract of 10 or more, made, scores 20 points a trick; set, it "
        "loses 10 a trick."
    )


def moon_text(rules: Rules) -> str | None:
    """What shooting the moon earns, when it is special."""
    if rules.moon is MoonRule.WINS_GAME:
        return _("Bidding and taking every trick wins the game at once.")
    if rules.moon is MoonRule.SCORES_500:
        return _("Bidding and taking every trick scores 500.")
    return None


def rule_choice_text(rules: Rules, name: str) -> str | None:
    """What the value now chosen for option ``name`` means, as U says it.

    None for an option whose value says it all ("500 points", "on").
    """
    match name:
        case "player_count":
            return removed_cards_text(rules) or _("All 52 cards are dealt.")
        case "trump_mode":
            return " ".join(
                filter(None, [trumps_text(rules), removed_cards_text(rules)])
            )
        case "bidding_style":
            if bidding_style_text(rules) is None and not rules.nil_allowed:
                return _("Normal bidding: any number of tricks.")
            return bidding_style_text(rules) or _(
                "Normal bidding: any number of tricks, or nil."
            )
        case "scoring_style":
            return scoring_style_text(rules)
        case "ten_for_two_hundred":
            return ten_for_two_hundred_text(rules)
        case "moon":
            return moon_text(rules)
    return None


def minimum_bid_text(rules: Rules) -> str:
    """The minimum bid, with the way out by nil only where the rules allow it.

    "Each player must bid at least 2, or nil."; without nil (or, for a side,
    without a double nil) no "or nil" beside "Nil is not allowed.".
    """
    count = rules.minimum_side_bid
    if not rules.partnerships:
        if not rules.nil_allowed:
            return _("Each player must bid at least {count}.").format(count=count)
        return _("Each player must bid at least {count}, or nil.").format(count=count)
    if not rules.nil_allowed or not rules.double_nil_allowed:
        return _("A side must bid at least {count} in all.").format(count=count)
    return _(
        "A side must bid at least {count} in all, unless both partners bid nil."
    ).format(count=count)


def _nil_tricks_count_for_nothing(rules: Rules) -> bool:
    """Whether a failed nil's tricks neither are bags nor help a contract.

    "Ignored", or "help the partner's bid" with no partner to help (each plays
    for themselves): ``rules/scoring.py`` then counts them nowhere.
    """
    return rules.nil_tricks is NilTricks.IGNORED or (
        rules.nil_tricks is NilTricks.PARTNER_CONTRACT and not rules.partnerships
    )


def rules_text(rules: Rules) -> str:
    """Key U: the rules in force, a sentence each."""
    quicksand = rules.scoring_style is ScoringStyle.QUICKSAND  # no bags at all
    parts = [goal_text(rules)]
    if rules.partnerships:
        parts.append(
            _("{players} players in partnerships.").format(players=rules.player_count)
        )
    else:
        parts.append(
            _("{players} players, each for themselves.").format(
                players=rules.player_count
            )
        )
    removed = removed_cards_text(rules)
    if removed is not None:
        parts.append(removed)
    parts.append(scoring_style_text(rules))
    if rules.nil_allowed:
        parts.append(_("Nil scores {points}.").format(points=rules.nil_value))
        if _nil_tricks_count_for_nothing(rules) and not quicksand:
            parts.append(_("A failed nil's tricks do not count as bags."))
    else:
        parts.append(_("Nil is not allowed."))
    if rules.blind_nil_allowed:
        if rules.blind_nil_behind > 0 and not rules.partnerships:
            blind = _("Blind nil scores {points}, for a player {behind} points behind.")
        elif rules.blind_nil_behind > 0:
            blind = _("Blind nil scores {points}, for a side {behind} points behind.")
        else:
            blind = _("Blind nil scores {points}, at any score.")
        parts.append(
            blind.format(points=rules.blind_nil_value, behind=rules.blind_nil_behind)
        )
        if rules.blind_nil_pass:
            parts.append(
                ngettext(
                    "After a blind nil, partners pass {count} card.",
                    "After a blind nil, partners pass {count} cards.",
                    rules.blind_nil_pass,
                ).format(count=rules.blind_nil_pass)
            )
    parts.append(trumps_text(rules))
    if rules.spades_must_break:
        parts.append(_("Spades may not be led until broken."))
    elif not rules.spade_may_lead_first_trick:
        parts.append(_("A spade may not be led to the first trick."))
    style = bidding_style_text(rules)
    if style is not None:
        parts.append(style)
    if rules.no_hell and not (
        rules.bidding_style is BiddingStyle.MIRROR
        and len(trump_order(rules)) == rules.trick_count
    ):
        # (Mirror bids add up to the trumps dealt: as many as the tricks, no hell
        # always gives way, the last bid being the only one allowed.)
        parts.append(_("No hell: the bids may not add up to the number of tricks."))
    if rules.exact_bid_bonus:
        if rules.exact_bid_bonus_max == 1:
            exact = _("Bidding and taking exactly 1 trick earns {points}.")
        elif rules.exact_bid_bonus_max == 2:
            exact = _("Bidding and taking exactly 1 or 2 tricks earns {points}.")
        else:
            exact = _("Bidding and taking exactly 1 to {most} tricks earns {points}.")
        parts.append(
            exact.format(points=rules.exact_bid_bonus, most=rules.exact_bid_bonus_max)
        )
    if rules.big_bid_bonus and rules.big_bid_from <= rules.trick_count:
        # (From a trick beyond the hand's, no contract can earn it.)
        parts.append(
            _(
                "A contract of {bid} or more, made, earns {points} more for each "
                "trick bid from {bid} up."
            ).format(bid=rules.big_bid_from, points=rules.big_bid_bonus)
        )
    parts.extend(filter(None, [ten_for_two_hundred_text(rules), moon_text(rules)]))
    if rules.minimum_side_bid:
        parts.append(minimum_bid_text(rules))
    if rules.overtrick_points != 1 and not quicksand:
        parts.append(
            _("Each bag scores {points} at once.").format(
                points=points_words(rules.overtrick_points)
            )
        )
    if (
        rules.nil_allowed
        and rules.partnerships
        and rules.nil_tricks is NilTricks.PARTNER_CONTRACT
    ):
        parts.append(_("A failed nil's tricks count towards the partner's bid."))
    elif (
        rules.nil_allowed
        and not quicksand
        and rules.nil_tricks is NilTricks.BAGS_NO_POINTS
    ):
        parts.append(_("A failed nil's tricks count as bags, with no points."))
    if rules.partnerships and rules.nil_allowed and not rules.double_nil_allowed:
        parts.append(_("Partners may not both bid nil."))
    if rules.bid_order is BidOrder.DEALERS_RIGHT:
        parts.append(_("Bidding starts at the dealer's right."))
    if rules.mercy_score is not None:
        parts.append(
            (
                _("A side at {points} or lower ends the game at once.")
                if rules.partnerships
                else _("A player at {points} or lower ends the game at once.")
            ).format(points=signed(rules.mercy_score))
        )
    if rules.misdeal_redeal:
        parts.append(_("A hand with one spade or none may be thrown in."))
    if rules.tie_rule is TieRule.DRAW:
        parts.append(_("A tie is a draw."))
    else:
        parts.append(_("A tie for first place is played off with more hands."))
    return " ".join(parts)
