"""Words for refusals, files, speech back ends, menus, keys and hints."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

from audiospades.bots import Hint, HintKind, HintReason
from audiospades.commands import HAND_MOVES, Command
from audiospades.i18n import _, ngettext
from audiospades.keymap import Chord, Context
from audiospades.notices import FileKind
from audiospades.presenter.keynames import key_for, key_label, yes_no_keys
from audiospades.presenter.table import answers_awaited_text, whose_turn_text
from audiospades.presenter.utterance import Utterance
from audiospades.presenter.words import (
    bid_words,
    card_list,
    is_watching,
    join_list,
    only_players_text,
    suit_name,
    the_card,
)
from audiospades.rules import IllegalAction, Phase, Reason, Rules, SeatView, Suit
from audiospades.rules.seats import partner_of
from audiospades.sound import Cue
from audiospades.speech import BackendChange, BackendKind, FallbackReason
from audiospades.storage import (
    LoadProblem,
    ProblemKind,
    SaveProblem,
    SaveProblemKind,
)
from audiospades.textmark import N_


def illegal_text(error: IllegalAction, view: SeatView, names: Sequence[str]) -> str:
    """Why the human's action was refused: "You must follow hearts."."""
    detail = error.detail
    if detail.get("blind_nil") == 1:
        # The blind nil said yes to at the deal, refused at the turn by the bids
        # made since: say whose bid it was, then why.
        plain = IllegalAction(
            error.reason, **{k: v for k, v in detail.items() if k != "blind_nil"}
        )
        # Translators: {reason} is a whole sentence, e.g. "Your side must bid at
        # least 2.".
        return _("Your blind nil cannot be bid. {reason}").format(
            reason=illegal_text(plain, view, names)
        )
    match error.reason:
        case Reason.MUST_FOLLOW_SUIT:
            suit = detail.get("suit")
            name = suit_name(suit) if isinstance(suit, Suit) else ""
            if view.legal_plays:
                # Name the cards that may be played: the picture highlights them.
                return _("You must follow {suit}: you hold {cards}.").format(
                    suit=name,
                    cards=card_list(sorted(view.legal_plays, reverse=True)),
                )
            return _("You must follow {suit}.").format(suit=name)
        case Reason.SPADES_NOT_BROKEN:
            return _("Spades are not broken yet: lead another suit.")
        case Reason.NO_SPADE_ON_FIRST_LEAD:
            return _("You may not lead a spade to the first trick.")
        case Reason.NOT_YOUR_TURN:
            seat = detail.get("to_act")
            if isinstance(seat, int) and 0 < seat < len(names):
                if view.phase is not Phase.PLAYING and view.to_act == seat:
                    # "Ann is bidding.", as T says: "is to play" misled while
                    # she bid (online, Enter is pressed while others bid).
                    return " ".join(
                        [_("It is not your turn."), whose_turn_text(view, names)]
                    )
                return _("It is not your turn: {player} is to play.").format(
                    player=_(names[seat])
                )
            if view.question_open:
                return " ".join(
                    [_("It is not your turn."), answers_awaited_text(view, names)]
                )
            return _("It is not your turn.")
        case Reason.GAME_OVER:
            return _("The game is over.")
        case Reason.CARD_NOT_HELD:
            return _("You do not hold that card.")
        case Reason.BID_OUT_OF_RANGE:
            return _("Bid from nil to {maximum}.").format(
                maximum=detail.get("maximum", view.rules.trick_count)
            )
        case Reason.NIL_NOT_ALLOWED:
            return _("Nil is not allowed in these rules.")
        case Reason.DOUBLE_NIL_NOT_ALLOWED:
            return _("Your partner bid nil, and a double nil is not allowed.")
        case Reason.BLIND_NIL_NOT_ALLOWED:
            return _("Blind nil is not allowed in these rules.")
        case Reason.BLIND_NIL_NOT_BEHIND:
            points = detail.get("behind", view.rules.blind_nil_behind)
            if not view.rules.partnerships:
                return _(
                    "Blind nil needs you to be {points} points behind the leader."
                ).format(points=points)
            if view.rules.side_count > 2:
                return _(
                    "Blind nil needs your side to be {points} points behind the leader."
                ).format(points=points)
            return _("Blind nil needs your side to be {points} points behind.").format(
                points=points
            )
        case Reason.NO_HELL_TOTAL:
            return _("The bids may not add up to {total}.").format(
                total=detail.get("total", view.rules.trick_count)
            )
        case Reason.SUICIDE_NEEDS_NIL:
            return _("One of you must bid nil.")
        case Reason.SUICIDE_NEEDS_FOUR:
            return _("Bid nil, or at least 4.")
        case Reason.MIRROR_MUST_MATCH_SPADES:
            return _("Bid your number of spades: {count}.").format(
                count=detail.get("spades", 0)
            )
        case Reason.WHIZ_NIL_OR_SPADES:
            return _("Bid nil or your number of spades, {count}.").format(
                count=detail.get("spades", 0)
            )
        case Reason.SIDE_BID_TOO_LOW:
            minimum = (
                _("Your side must bid at least {count}.")
                if view.rules.partnerships
                else _("You must bid at least {count}.")
            )
            return minimum.format(count=detail.get("minimum", 0))
        case Reason.WRONG_PASS_COUNT:
            return _("Pass exactly {count} cards.").format(count=detail.get("count", 0))
        case Reason.DUPLICATE_CARD:
            return _("You chose the same card twice.")
        case Reason.REDEAL_NOT_ALLOWED | Reason.HAND_NOT_DEFICIENT:
            return _("You cannot throw in this hand.")
    return _("You cannot do that now.")


def _save_busy(file: FileKind) -> str:
    match file:
        case FileKind.SETTINGS:
            return _(
                "Your settings could not be saved: "
                "another copy of the game is using them."
            )
        case FileKind.STATISTICS:
            return _(
                "Your statistics could not be saved: "
                "another copy of the game is using them."
            )
        case FileKind.SAVED_GAME:
            return _(
                "Your saved game could not be saved: "
                "another copy of the game is using it."
            )
    return _(
        "Your finished game could not be saved: another copy of the game is using it."
    )


def _save_refused(file: FileKind) -> str:
    match file:
        case FileKind.SETTINGS:
            return _("Your settings could not be saved: the disk refused them.")
        case FileKind.STATISTICS:
            return _("Your statistics could not be saved: the disk refused them.")
        case FileKind.SAVED_GAME:
            return _("Your saved game could not be saved: the disk refused it.")
    return _("Your finished game could not be saved: the disk refused it.")


def _unreadable(file: FileKind) -> str:
    match file:
        case FileKind.SETTINGS:
            return _("Your settings file could not be read; defaults are used.")
        case FileKind.STATISTICS:
            return _(
                "Your statistics file could not be read; it is left as it is, and "
                "games are not counted meanwhile."
            )
        case FileKind.SAVED_GAME:
            return _(
                "Your saved game file could not be read, so the game cannot be "
                "continued."
            )
    return _("Your finished game file could not be read; defaults are used.")


def _wrong_version(file: FileKind) -> str:
    match file:
        case FileKind.SETTINGS:
            return _("Your settings file is from another version; defaults are used.")
        case FileKind.STATISTICS:
            return _(
                "Your statistics file is from another version; it is left as it "
                "is, and games are not counted meanwhile."
            )
        case FileKind.SAVED_GAME:
            return _(
                "Your saved game file is from another version, so the game cannot "
                "be continued here."
            )
    return _("Your finished game file is from another version; defaults are used.")


def _wrong_version_kept(file: FileKind) -> str:
    # Translators: {backup} is the file name the old file was kept under.
    match file:
        case FileKind.SETTINGS:
            return _(
                "Your settings file is from another version; it was kept as "
                "{backup} and defaults are used."
            )
        case FileKind.STATISTICS:
            return _(
                "Your statistics file is from another version; it was kept as "
                "{backup}, and your statistics start again from zero."
            )
        case FileKind.SAVED_GAME:
            return _(
                "Your saved game file is from another version, so the game cannot "
                "be continued here; the file was kept as {backup}."
            )
    return _(
        "Your finished game file is from another version; it was kept as "
        "{backup} and defaults are used."
    )


def _damaged(file: FileKind) -> str:
    match file:
        case FileKind.SETTINGS:
            return _("Your settings file was damaged; defaults are used.")
        case FileKind.STATISTICS:
            return _(
                "Your statistics file was damaged; it is left as it is, and games "
                "are not counted meanwhile."
            )
        case FileKind.SAVED_GAME:
            return _(
                "Your saved game file was damaged, so the game cannot be continued."
            )
    return _("Your finished game file was damaged; defaults are used.")


def _damaged_kept(file: FileKind) -> str:
    # Translators: {backup} is the file name the damaged file was kept under.
    match file:
        case FileKind.SETTINGS:
            return _(
                "Your settings file was damaged; it was kept as {backup} "
                "and defaults are used."
            )
        case FileKind.STATISTICS:
            return _(
                "Your statistics file was damaged; it was kept as {backup}, and "
                "your statistics start again from zero."
            )
        case FileKind.SAVED_GAME:
            return _(
                "Your saved game file was damaged, so the game cannot be "
                "continued; the file was kept as {backup}."
            )
    return _(
        "Your finished game file was damaged; it was kept as {backup} "
        "and defaults are used."
    )


def _unreadable_kept(file: FileKind) -> str:
    # Translators: {backup} is the file name the unreadable file was kept under.
    match file:
        case FileKind.SETTINGS:
            return _(
                "Your settings file could not be read; it was kept as {backup} "
                "and defaults are used."
            )
        case FileKind.STATISTICS:
            return _(
                "Your statistics file could not be read; it was kept as {backup}, "
                "and your statistics start again from zero."
            )
        case FileKind.SAVED_GAME:
            return _(
                "Your saved game file could not be read, so the game cannot be "
                "continued; the file was kept as {backup}."
            )
    return _(
        "Your finished game file could not be read; it was kept as {backup} "
        "and defaults are used."
    )


def _not_a_file_kept(file: FileKind) -> str:
    # Translators: a link, a folder, a named pipe or a device was found where the
    # file should be. {backup} is the name it was moved to.
    match file:
        case FileKind.SETTINGS:
            return _(
                "Your settings file is not an ordinary file; it was moved to "
                "{backup} and defaults are used."
            )
        case FileKind.STATISTICS:
            return _(
                "Your statistics file is not an ordinary file; it was moved to "
                "{backup}, and your statistics start again from zero."
            )
        case FileKind.SAVED_GAME:
            return _(
                "Your saved game file is not an ordinary file, so there is no game "
                "to continue; it was moved to {backup}."
            )
    return _(
        "Your finished game file is not an ordinary file; it was moved to "
        "{backup} and defaults are used."
    )


def _partly_used(file: FileKind, names: str, backup: str) -> str | None:
    # Translators: {names} lists the settings keys or statistics entries that were
    # not used, as written in the file; {backup} is where the original file was kept.
    match file:
        case FileKind.SETTINGS if backup:
            text = _(
                "Some of your settings could not be used, so their defaults apply: "
                "{names}. Your file was kept as {backup}."
            )
        case FileKind.SETTINGS:
            text = _(
                "Some of your settings could not be used, so their defaults apply: "
                "{names}."
            )
        case FileKind.STATISTICS if backup:
            text = _(
                "Some entries in your statistics could not be used and are left "
                "out: {names}. Your file was kept as {backup}."
            )
        case FileKind.STATISTICS:
            text = _(
                "Some entries in your statistics could not be used and are left "
                "out: {names}."
            )
        case _:
            return None
    return text.format(names=names, backup=backup)


_NAMES_SPOKEN: Final = 5
"""Keys or entries named in full; beyond these, only how many more."""


def _names_text(names: Sequence[str]) -> str:
    """The first few names as a spoken list, and how many others there are."""
    if len(names) <= _NAMES_SPOKEN:
        return join_list(list(names))
    rest = len(names) - _NAMES_SPOKEN
    return ngettext(
        "{names} and {count} other", "{names} and {count} others", rest
    ).format(names=", ".join(names[:_NAMES_SPOKEN]), count=rest)


def storage_text(file: FileKind, problem: LoadProblem | SaveProblem) -> str:
    """One sentence about a file that could not be loaded or saved.

    Each kind of file has whole sentences of its own (not a ``{file}`` word put
    into one sentence), so a translator can make every word agree with it. Where a
    file was kept under another name, the sentence says that name.
    """
    if isinstance(problem, SaveProblem):
        if problem.kind is SaveProblemKind.BUSY:
            return _save_busy(file)
        return _save_refused(file)
    backup = kept_name(problem.backup)
    if problem.kind is ProblemKind.PARTLY_USED:
        text = _partly_used(file, _names_text(problem.ignored), backup)
        if text is not None:
            return text
    if problem.kind in (ProblemKind.UNREADABLE, ProblemKind.NOT_A_FILE):
        if not backup:
            return _unreadable(file)
        if problem.kind is ProblemKind.NOT_A_FILE:
            return _not_a_file_kept(file).format(backup=backup)
        return _unreadable_kept(file).format(backup=backup)
    if problem.kind is ProblemKind.WRONG_VERSION:
        if backup:
            return _wrong_version_kept(file).format(backup=backup)
        return _wrong_version(file)
    if backup:
        return _damaged_kept(file).format(backup=backup)
    return _damaged(file)


def kept_name(backup: Path | None) -> str:
    """The name a file that could not be used was kept under ("" if it was not).

    Only the name: the copy sits beside the file, in the game's own folder, and a
    whole path is long to hear.
    """
    return backup.name if backup is not None else ""


def identity_trouble_text(problem: LoadProblem | SaveProblem) -> str:
    """One sentence about the online identity file (``online.json``).

    It holds the token each server gave the player, by which the server knows them
    again (a game left in progress takes them back): without it, a server takes the
    player for a new one.
    """
    if isinstance(problem, SaveProblem) or (
        problem.kind is ProblemKind.PARTLY_USED and problem.backup is None
    ):
        return _(
            "Your online identity could not be saved; next time, this server "
            "will take you for a new player."
        )
    if problem.kind is ProblemKind.PARTLY_USED:
        # Translators: {names} lists server addresses, each with a player's name;
        # {backup} is the file name the original file was kept under.
        return _(
            "Some entries in your online identity file could not be used and are "
            "left out: {names}. Your file was kept as {backup}."
        ).format(names=_names_text(problem.ignored), backup=kept_name(problem.backup))
    if problem.backup is not None:
        # Translators: {backup} is the file name the unusable file was kept under.
        return _(
            "Your online identity file could not be used; it was kept as {backup}, "
            "and servers will take you for a new player."
        ).format(backup=kept_name(problem.backup))
    return _(
        "Your online identity file could not be used; servers will take you for a "
        "new player."
    )


def output_notices(
    changes: Sequence[BackendChange], *, sound_off: bool = False
) -> list[Utterance]:
    """What to say when speech or sound output changed, at start-up or mid-game.

    A change of speech output comes with the SPEECH_CHANGED cue and one sentence
    naming the output now in use, worded from the last switch in `changes` (back
    ends given up on the way are not announced one by one). No audio device at
    all, for speech and cues alike, is one sentence too.

    Args:
        changes: Back ends given up since the last notice, oldest first.
        sound_off: The sound cues could not start.
    """
    notices: list[Utterance] = []
    if changes:
        now = changes[-1].to_kind
        last = [change for change in changes if change.to_kind is now]
        no_device = any(c.reason is FallbackReason.NO_AUDIO_DEVICE for c in last)
        if no_device and sound_off:
            return [
                Utterance(
                    _(
                        "No sound device was found: there is no speech and there "
                        "are no sound cues; text is shown on the screen."
                    ),
                    Cue.SPEECH_CHANGED,
                )
            ]
        notices.append(Utterance(_speech_change_text(now, last), Cue.SPEECH_CHANGED))
    if sound_off:
        notices.append(Utterance(sound_off_text()))
    return notices


def _speech_change_text(now: BackendKind, last: Sequence[BackendChange]) -> str:
    """One sentence for one switch of speech output, naming the new output."""
    if now is BackendKind.BUILTIN:
        if all(change.reason is FallbackReason.NOT_RUNNING for change in last):
            return _("No screen reader is running, so the game's own voice speaks.")
        return _("The screen reader stopped answering, so the game's own voice speaks.")
    if any(change.reason is FallbackReason.NO_AUDIO_DEVICE for change in last):
        return _("No sound device was found: there is no speech, text is shown.")
    first = last[0]
    if not first.mid_game:
        return _(
            "No voice can be found: there is no speech, text is shown on the screen."
        )
    if first.from_kind is BackendKind.BUILTIN:
        return _("The game's own voice stopped working: text is shown on the screen.")
    return _(
        "The screen reader stopped answering and no other voice can be found: "
        "text is shown on the screen."
    )


def sound_off_text() -> str:
    """The sound cues could not start."""
    return _("No sound device: sound cues are off.")


def new_game_text(names: Sequence[str], rules: Rules) -> str:
    """Who sits at the new table, in playing order after you, and your partner.

    A sighted player sees the seats around the table; the blind player hears them.
    """
    others = join_list([_(names[seat]) for seat in range(1, len(names))])
    partner = partner_of(0, rules.player_count, rules.partnerships)
    if partner is None:
        return _(
            "New game with {players}, in playing order; each plays for themselves."
        ).format(players=others)
    said = _(
        "New game with {players}, in playing order. {partner} is your partner."
    ).format(players=others, partner=_(names[partner]))
    if rules.side_count > 2:
        # Three partnerships: say which opponents play together, in seat order.
        pairs = []
        for seat in range(1, len(names)):
            mate = partner_of(seat, rules.player_count, rules.partnerships)
            if seat != partner and mate is not None and seat < mate:
                pairs.append((_(names[seat]), _(names[mate])))
        if len(pairs) == 2:
            together = _(
                "{first} and {second} play together, and so do {third} and {fourth}."
            ).format(
                first=pairs[0][0],
                second=pairs[0][1],
                third=pairs[1][0],
                fourth=pairs[1][1],
            )
            said = f"{said} {together}"
    return said


def who_plays_text(names: Sequence[str], rules: Rules, *, seated: bool) -> str:
    """Who plays, said at a game's start.

    To a player :func:`new_game_text`; to a spectator every player in playing
    order (from the chair watched) and who plays with whom.
    """
    if seated:
        return new_game_text(names, rules)
    players = join_list([_(name) for name in names])
    pairs = []
    for seat in range(len(names)):
        mate = partner_of(seat, rules.player_count, rules.partnerships)
        if mate is not None and seat < mate:
            pairs.append((_(names[seat]), _(names[mate])))
    if len(pairs) == 2:
        return _(
            "New game: {players}, in playing order; {first} and {second} play "
            "against {third} and {fourth}."
        ).format(
            players=players,
            first=pairs[0][0],
            second=pairs[0][1],
            third=pairs[1][0],
            fourth=pairs[1][1],
        )
    if len(pairs) == 3:
        return _(
            "New game: {players}, in playing order; {first} and {second} play "
            "together, {third} and {fourth}, and {fifth} and {sixth}."
        ).format(
            players=players,
            first=pairs[0][0],
            second=pairs[0][1],
            third=pairs[1][0],
            fourth=pairs[1][1],
            fifth=pairs[2][0],
            sixth=pairs[2][1],
        )
    return _(
        "New game: {players}, in playing order; each plays for themselves."
    ).format(players=players)


def no_saved_game_text() -> str:
    """Continue, with no game in progress."""
    return _("There is no saved game to continue.")


def saved_game_unreadable_text(backup: Path | None, path: Path) -> str:
    """Continue, with a saved game that cannot be replayed: where it is now."""
    if backup is not None:
        # Translators: {backup} is the file name the saved game was kept under.
        text = _("The saved game could not be replayed; it was kept as {backup}.")
        return text.format(backup=kept_name(backup))
    # Translators: {path} is the saved game's file, left where it was.
    return _(
        "The saved game could not be replayed or moved aside; it is still at {path}."
    ).format(path=str(path))


def abandon_question_text() -> str:
    """The game menu's Abandon asks first: it cannot be taken back."""
    keys = yes_no_keys()
    return _(
        "Abandon the game? It will not count and cannot be continued. "
        "{yes} abandons it, {no} keeps playing."
    ).format(**keys)


NEW_GAME_TITLE: Final = N_("New game")
"""The title of the question before a new game replaces a saved one."""


def replace_saved_game_question_text() -> str:
    """A new game while a game in progress is saved: it would take its place."""
    return _(
        "A game in progress is saved. Start a new game in its place? The saved "
        "game could then no longer be continued. {yes} starts a new game, {no} "
        "keeps it: Continue in the main menu resumes it."
    ).format(**yes_no_keys())


def game_saved_text() -> str:
    """The game menu's Save and go to the main menu, with the game on disk."""
    return _("Game saved. Continue in the main menu resumes it.")


def game_abandoned_text() -> str:
    """The game menu's Abandon."""
    return _("Game abandoned; it does not count.")


def on_off_text(value: bool) -> str:
    """A switch's value in a menu."""
    return _("on") if value else _("off")


def percent_text(value: int) -> str:
    """A percentage value in a menu: "100 percent"."""
    return _("{percent} percent").format(percent=value)


def menu_item_text(label: str, position: int, count: int, value: str = "") -> str:
    """A menu item with its value and position: "Target score, 500, 3 of 12"."""
    if value:
        return _("{label}, {value}, {position} of {count}").format(
            label=label, value=value, position=position, count=count
        )
    return _("{label}, {position} of {count}").format(
        label=label, position=position, count=count
    )


_COMMANDS: Final[dict[Command, str]] = {
    Command.BID: N_("make your bid, or hear how"),
    Command.BID_OPEN: N_("open the bid entry, or hear your bid"),
    Command.CARDS_ON_TABLE: N_("the cards on the table"),
    Command.SUIT_LED: N_("the suit led, and whether spades are broken"),
    Command.TRICK_INFO: N_("bids, tricks taken and the trick number"),
    Command.SCORES: N_("the scores"),
    Command.WHOSE_TURN: N_("whose turn it is"),
    Command.READ_HAND: N_("read your whole hand"),
    Command.LAST_TRICK: N_("the last trick"),
    Command.LAST_HAND: N_("the previous hand's score, explained"),
    Command.RULES_IN_FORCE: N_("the rules in force"),
    Command.MATCH_STANDING: N_("the match standing"),
    Command.SCORE_SHEET: N_("the score sheet: every hand played, a line each"),
    Command.WHO_IS_HERE: N_("who sits in each seat, and who is watching online"),
    Command.REMIND: N_(
        "online: remind the player the table waits for that it is their turn"
    ),
    Command.HINT: N_("a hint"),
    Command.NEXT_CARD: N_("next card, each suit from low to high"),
    Command.PREV_CARD: N_("previous card, each suit from high to low"),
    Command.NEXT_SUIT: N_("next suit"),
    Command.PREV_SUIT: N_("previous suit"),
    Command.FIRST_CARD: N_("first card"),
    Command.LAST_CARD: N_("last card"),
    Command.NEXT_PLAYABLE: N_("next card you may play, or choose when passing cards"),
    Command.PREV_PLAYABLE: N_(
        "previous card you may play, or choose when passing cards"
    ),
    Command.HINTED_CARD: N_("move to the card the hint suggests"),
    Command.PLAY_CARD: N_("play the card, or choose it to pass"),
    Command.CONTINUE: N_("gather the trick"),
    Command.UNDO: N_("undo, back to your previous move"),
    Command.BID_UP: N_("raise the bid once an entry is open, else the previous suit"),
    Command.BID_DOWN: N_("lower the bid once an entry is open, else the next suit"),
    Command.BID_NIL: N_("bid nil"),
    Command.ERASE: N_("erase a digit"),
    Command.YES: N_("yes"),
    Command.NO: N_("no"),
    Command.MENU_UP: N_("previous item"),
    Command.MENU_DOWN: N_("next item"),
    Command.MENU_FIRST: N_("first item"),
    Command.MENU_LAST: N_("last item"),
    Command.MENU_CHOOSE: N_("choose"),
    Command.MENU_LEFT: N_("lower the value"),
    Command.MENU_RIGHT: N_("raise the value"),
    Command.BACK: N_("go back"),
    Command.MENU: N_("the game menu"),
    Command.CHAT: N_("chat: type a line for the others to hear"),
    Command.TEXT_ACCEPT: N_("accept the text"),
    Command.TEXT_CANCEL: N_("cancel"),
    Command.TEXT_ERASE: N_("erase the last character"),
    Command.TEXT_READ: N_("read the whole line"),
    Command.TEXT_CLEAR: N_("clear the line"),
    Command.REPEAT: N_("repeat what was last said"),
    Command.HISTORY_BACK: N_("earlier messages"),
    Command.HISTORY_FORWARD: N_("later messages"),
    Command.SILENCE: N_("stop speech"),
    Command.HELP: N_("the keys for this screen"),
    Command.WHAT_KEY: N_(
        "what does this key do: press keys to hear them, this key again to stop"
    ),
    Command.SPEECH_FASTER: N_("speak faster"),
    Command.SPEECH_SLOWER: N_("speak slower"),
    Command.CUE_LOUDER: N_("sound cues louder"),
    Command.CUE_QUIETER: N_("sound cues quieter"),
    Command.FULLSCREEN: N_("full screen on or off"),
    Command.QUIT: N_("quit the game"),
}


def command_text(command: Command) -> str:
    """What a command does, in a few words."""
    if command.value.startswith("digit_"):
        return _("type the digit {digit}").format(digit=command.value[-1])
    return _(_COMMANDS.get(command, command.value))


_NO_PASSING_COMMANDS: Final[dict[Command, str]] = {
    Command.NEXT_PLAYABLE: N_("next card you may play"),
    Command.PREV_PLAYABLE: N_("previous card you may play"),
    Command.PLAY_CARD: N_("play the card"),
}


_HAND_KEYS: Final = HAND_MOVES | {Command.READ_HAND}
"""The keys that read the hand: they say only that it is hidden, before a blind nil."""


def table_key_meanings(
    rules: Rules, contexts: Sequence[Context], *, hand_hidden: bool
) -> dict[Command, str]:
    """F1's and F2's words for the table keys whose use depends on the moment.

    Where the rules pass no cards, the card keys say nothing of passing (cards
    are passed only for a blind nil between partners). While a question waits
    (``contexts`` holds ``QUESTION``), Enter, Space and B ask it again; at one's
    bid turn (``BIDDING``) Enter places the bid (the entry's own key) and Space
    only says the bid typed so far, or how to bid. While the hand is hidden for
    a blind nil, the keys that read it say so.
    """
    meanings: dict[Command, str] = {}
    if not (rules.partnerships and rules.blind_nil_allowed and rules.blind_nil_pass):
        meanings |= {
            command: _(words) for command, words in _NO_PASSING_COMMANDS.items()
        }
    if Context.QUESTION in contexts:
        again = question_again_key_text()
        meanings |= dict.fromkeys((Command.PLAY_CARD, Command.BID_OPEN), again)
    elif Context.BIDDING in contexts:
        meanings[Command.PLAY_CARD] = _(
            "hear your bid so far, or how to bid; only Enter places it"
        )
    if hand_hidden:
        hidden = _("nothing yet: your cards are hidden for the blind nil")
        meanings |= dict.fromkeys(_HAND_KEYS, hidden)
    return meanings


def question_again_key_text() -> str:
    """F1's words for a key that asks the open question again (Enter, B...)."""
    return _("hear the question again")


def game_over_key_text() -> str:
    """F1's words for Enter, Space and N at a table whose game is over.

    They play no card and gather no trick any more: they tell the result again.
    """
    return _("the final result again (the game is over)")


def own_help_text(chord: Chord, words: str) -> str:
    """A help line whose action a screen words itself ("Escape: leave the table")."""
    return _("{key}: {action}.").format(key=key_label(chord), action=words)


def key_help_text(chord: Chord, command: Command | None) -> str:
    """The answer in "what does this key do" mode, and a help line."""
    if command is None:
        return _("{key}: nothing here.").format(key=key_label(chord))
    return _("{key}: {action}.").format(
        key=key_label(chord), action=command_text(command)
    )


def unavailable_key_text(chord: Chord, command: Command) -> str:
    """The "what does this key do" answer for a key the rules leave no use for.

    F1 leaves it out; N, when the rules allow no nil, says so as N itself does.
    """
    if command is Command.BID_NIL:
        # Translators: "what does this key do" on the nil key when the game's rules
        # allow no nil; the same words as pressing it: "N: Nil is not allowed in
        # these rules."
        return _("{key}: Nil is not allowed in these rules.").format(
            key=key_label(chord)
        )
    if command is Command.REMIND:
        return remind_unavailable_text(chord)
    if command in (Command.MENU_LEFT, Command.MENU_RIGHT):
        # A list whose items have no value to change (the lobby, the statistics).
        return _("{key}: nothing to change in this list.").format(key=key_label(chord))
    return key_help_text(chord, command)


def remind_unavailable_text(chord: Chord | None) -> str:
    """The reminder key in a local game, pressed or asked about."""
    key = key_label(chord) if chord is not None else key_for(Command.REMIND)
    return _(
        "{key} reminds another player of their turn at an online table; computer "
        "players never keep you waiting."
    ).format(key=key)


def awaiting_server_text() -> str:
    """Enter or Space while the last bid or card is on its way to the server."""
    return _("Wait a moment: the server has not answered your last move yet.")


def unbound_key_text(chord: Chord) -> str:
    """A key that does nothing at the table: say so, and where the keys are."""
    return _("{key} does nothing here. {help} lists the keys.").format(
        key=key_label(chord), help=key_for(Command.HELP)
    )


def stray_key_text(chord: Chord) -> str:
    """A key pressed with the one that opened the table, which would act: not taken.

    It was meant for the screen before (a second Enter on "New game"), not for
    a table the player has not heard yet.
    """
    return _(
        "{key} did nothing: it was pressed as the table opened. "
        "Press it again to use it."
    ).format(key=key_label(chord))


def what_key_text(on: bool) -> str:
    """Entering or leaving "what does this key do" mode."""
    if on:
        return _(
            "Key help on: press any key to hear what it does; {key} to stop."
        ).format(key=key_for(Command.WHAT_KEY))
    return _("Key help off.")


def rate_text(rate: int, applied: bool) -> str:
    """After a speech rate key."""
    if not applied:
        return _(
            "Your screen reader keeps its own rate; "
            "the game's voice will use {rate} percent."
        ).format(rate=rate)
    return _("Speech rate {rate} percent.").format(rate=rate)


def history_end_text() -> str:
    """No further message in that direction."""
    return _("No more messages.")


_REASONS: Final[dict[HintReason, str]] = {
    # Translators: the reason after "Play the jack of clubs:". "It" is the card:
    # say "this card" (or no subject), not a pronoun that agrees with a gender,
    # since the card named may be masculine or feminine.
    HintReason.ONLY_CARD: N_("it is your only choice"),
    # Translators: "it" is the card just named: say "this card", not "he"/"she".
    HintReason.WINS_TRICK: N_("it wins the trick"),
    HintReason.MAKE_LAST_PAY: N_("the last player must beat it to take the trick"),
    HintReason.CHEAPEST_WINNER: N_("it is the lowest card sure to win the trick"),
    HintReason.DUCK_UNDER: N_("it is the highest card that still loses the trick"),
    HintReason.SHED_HIGH: N_("you must win anyway, so get rid of a high card"),
    HintReason.FOLLOW_LOW: N_("you cannot win cheaply, so follow low"),
    HintReason.DISCARD_LOSER: N_("it is a card you will not need"),
    HintReason.TRUMP_IN: N_("you have none of the suit led, so trump it"),
    HintReason.PARTNER_WINNING: N_("your partner is already winning"),
    HintReason.PROTECT_PARTNER_NIL: N_(
        "winning the trick keeps your partner's nil safe"
    ),
    HintReason.NIL_DUCK: N_("it cannot win the trick, so your nil stays safe"),
    HintReason.NIL_SHED: N_(
        "it cannot win the trick, and it is the highest card you can safely get rid of"
    ),
    HintReason.NIL_LOWEST: N_(
        "every card you may play beats the trick so far; "
        "your lowest gives a later player the best chance to beat it"
    ),
    HintReason.NIL_LOST: N_(
        "your nil fails on this trick whatever you play, "
        "so get rid of your highest card"
    ),
    HintReason.NIL_LEAD: N_("it is the lead most likely to lose the trick"),
    HintReason.OVERTAKE_NIL: N_(
        "it beats your partner's card, so your partner's nil stays safe"
    ),
    HintReason.CANNOT_BEAT: N_(
        "you cannot beat the card that is winning the trick, so play low"
    ),
    HintReason.COVER_LEAD: N_(
        "a high lead lets your partner play under it and keep the nil"
    ),
    HintReason.ATTACK_NIL: N_("it may force the nil bidder to win a trick"),
    HintReason.SAVE_BAGS: N_("your side has its tricks: avoid a bag"),
    HintReason.SET_CONTRACT: N_("it helps set the opponents' contract"),
    HintReason.LEAD_WINNER: N_("it should win the trick"),
    HintReason.LEAD_SAFE: N_("it gives nothing away"),
    HintReason.LEAD_SHORT_SUIT: N_("it empties a short suit, so you can trump later"),
    HintReason.BEST_OUTCOME: N_("looking ahead, it scores best"),
    HintReason.COUNT_SURE_TRICKS: N_("that is how many tricks your hand should take"),
    HintReason.NIL_HAND: N_("your hand is low enough for nil"),
    HintReason.COVER_PARTNER_NIL: N_("your partner bid nil, so bid to make it alone"),
    HintReason.AVOID_BAGS: N_("your side is close to a bag penalty"),
    HintReason.ONLY_BID: N_("the rules allow only this bid"),
    HintReason.FAR_BEHIND: N_("your side is far enough behind to gamble"),
    HintReason.NOT_BEHIND_ENOUGH: N_("the gamble is not worth it"),
    HintReason.PASS_HIGH: N_("give your partner the high cards"),
    HintReason.PASS_TRUMP_AND_HIGH: N_(
        "give your partner the cards most likely to take a trick"
    ),
    HintReason.PASS_LOW: N_("give your partner low cards to play under"),
    HintReason.WEAK_HAND: N_("the hand has too few spades"),
    HintReason.KEEP_HAND: N_("the hand is playable"),
}


_ALONE_REASONS: Final[dict[HintReason, str]] = {
    HintReason.SAVE_BAGS: N_("you have your tricks: avoid a bag"),
    HintReason.AVOID_BAGS: N_("you are close to a bag penalty"),
    HintReason.FAR_BEHIND: N_("you are far enough behind to gamble"),
}
"""The reasons that speak of "your side", for a player alone (individual play)."""


_QUICKSAND_REASONS: Final[dict[tuple[HintReason, bool], str]] = {
    (HintReason.SAVE_BAGS, False): N_(
        "your side has its tricks: each extra trick costs 10 points"
    ),
    (HintReason.SAVE_BAGS, True): N_(
        "you have your tricks: each extra trick costs 10 points"
    ),
}
"""The reasons that speak of bags, under quicksand scoring, which has none (an
overtrick costs 10 points there); keyed by reason and whether the player is alone."""


def hint_text(found: Hint, alone: bool = False, *, quicksand: bool = False) -> str:
    """A hint: "Play the king of hearts: it wins the trick.".

    ``alone``: individual play ("you", not "your side"); ``quicksand``: quicksand
    scoring, which has no bags.
    """
    reasons = _REASONS
    if alone and found.reason in _ALONE_REASONS:
        reasons = _ALONE_REASONS
    reason = _(reasons[found.reason]) if found.reason in reasons else ""
    if quicksand and (found.reason, alone) in _QUICKSAND_REASONS:
        reason = _(_QUICKSAND_REASONS[found.reason, alone])
    if found.reason is HintReason.PASS_TRUMPS:
        reason = ngettext(
            # Translators: after "Pass the king of spades and the queen of
            # spades:"; a blind nil passes the cards most likely to take a trick.
            "give your partner your highest trump",
            "give your partner your highest trumps",
            len(found.cards),
        )
    if found.reason is HintReason.COUNT_NOT_ALLOWED:
        count = int(found.detail.get("count", 0))
        reason = ngettext(
            # Translators: after "Bid 4:"; the rules forbid a bid of the count.
            "your hand should take about {count} trick, "
            "but the rules do not allow a bid of {count}",
            "your hand should take about {count} tricks, "
            "but the rules do not allow a bid of {count}",
            count,
        ).format(count=count)
    match found.kind:
        case HintKind.PLAY if found.card is not None:
            # Translators: {card} comes with its article: "the king of hearts".
            action = _("Play {card}").format(card=the_card(found.card))
        case HintKind.BID if found.bid is not None:
            action = _("Bid {bid}").format(bid=bid_words(found.bid))
        case HintKind.PASS:
            action = _("Pass {cards}").format(cards=card_list(found.cards))
        case HintKind.BLIND_NIL:
            action = (
                _("Bid blind nil")
                if found.detail.get("yes") or found.bid is not None
                else _("Do not bid blind nil")
            )
        case HintKind.REDEAL:
            action = (
                _("Throw in the hand")
                if found.detail.get("yes")
                else _("Keep the hand")
            )
        case _:
            return _("No hint now.")
    if not reason:
        return _("{action}.").format(action=action)
    return _("{action}: {reason}.").format(action=action, reason=reason)


def no_playable_text() -> str:
    """Tab or Shift+Tab when the player may not play a card now."""
    return only_players_text() if is_watching() else _("You cannot play a card now.")


def no_hinted_card_text() -> str:
    """J when the hint is not about a card (a bid, a yes or no)."""
    return _("The hint is not about a card.")


def no_hint_text() -> str:
    """When there is nothing to decide, or hints are off."""
    if is_watching():
        return only_players_text()
    return _("No hint now: it is not your decision.")


def hints_off_text() -> str:
    """Hints are turned off in the options."""
    return _("Hints are turned off in the options.")


def undo_unavailable_text() -> str:
    """Undo asked for in an online game, which has none."""
    return _("Undo is not available in an online game.")


_CUES: Final[dict[Cue, str]] = {
    Cue.SHUFFLE: N_("shuffle: a new game"),
    Cue.DEAL: N_("deal: a new hand"),
    Cue.CARDS_PASSED: N_("cards passed"),
    Cue.CARD_FOCUS: N_("moving through your hand"),
    Cue.EDGE: N_("the end of a list"),
    Cue.NOTHING_HERE: N_("this key does nothing here"),
    Cue.CARD_PLAYED: N_("a card is played, from where the player sits"),
    Cue.CARD_PLAYED_ACROSS: N_(
        "a card is played across the table, by your partner in partnerships"
    ),
    Cue.YOUR_TURN: N_("your turn"),
    Cue.BID_PLACED: N_("a bid"),
    Cue.ILLEGAL_MOVE: N_("not allowed"),
    Cue.UNDO: N_("undo"),
    Cue.TRICK_WON_YOU: N_("you win a trick"),
    Cue.TRICK_WON_PARTNER: N_("your partner wins a trick"),
    Cue.TRICK_WON_OPPONENT: N_("an opponent wins a trick"),
    Cue.SPADES_BROKEN: N_("spades are broken"),
    Cue.CONTRACT_MADE: N_("your contract is made"),
    Cue.CONTRACT_SET: N_("your contract is set"),
    Cue.NIL_MADE: N_("a nil is made"),
    Cue.NIL_FAILED: N_("a nil fails"),
    Cue.BAG_PENALTY: N_("bag penalty"),
    Cue.HAND_OVER: N_("the hand is over"),
    Cue.GAME_WON: N_("you win the game"),
    Cue.GAME_LOST: N_("you lose the game"),
    Cue.MENU_MOVE: N_("moving in a menu"),
    Cue.MENU_SELECT: N_("choosing in a menu"),
    Cue.MENU_BACK: N_("going back in a menu"),
    Cue.SPEECH_CHANGED: N_("speech moved to another voice, or to text on the screen"),
    Cue.CHAT: N_("a chat line from another player"),
}


def cue_name(cue: Cue) -> str:
    """What a sound cue means, for the "learn the sounds" menu: "Moving in a menu".

    A menu item, so it opens with a capital, as the other menus' items do (the
    first followed "Enter plays a sound." in lower case on a braille line).
    """
    text = _(_CUES.get(cue, cue.value))
    return text[:1].upper() + text[1:]
