"""SpeechManager through the recording back end: interrupt, queue, repeat, history."""

from __future__ import annotations

import pytest

from audiospades.speech import (
    HISTORY_SIZE,
    RATE_MAX,
    RATE_MIN,
    BackendKind,
    RecordingSpeaker,
    SpeechManager,
    Spoken,
)


@pytest.fixture
def recorder() -> RecordingSpeaker:
    return RecordingSpeaker()


@pytest.fixture
def speech(recorder: RecordingSpeaker) -> SpeechManager:
    return SpeechManager(recorder)


def test_interrupting_message_cuts_current_and_queued_speech(
    speech: SpeechManager, recorder: RecordingSpeaker
) -> None:
    speech.say("North plays the ace of spades")
    speech.say("East plays the two of spades")
    speech.say("Queen of hearts", interrupt=True)
    assert recorder.cut == [
        "North plays the ace of spades",
        "East plays the two of spades",
    ]
    assert recorder.queued == ["Queen of hearts"]
    assert recorder.spoken[-1] == Spoken("Queen of hearts", interrupt=True)


def test_event_messages_queue_so_none_is_lost(
    speech: SpeechManager, recorder: RecordingSpeaker
) -> None:
    events = ["West plays the king of clubs", "North wins the trick", "Your turn"]
    for text in events:
        speech.say(text)
    assert speech.is_speaking()
    for _ in events:
        speech.tick()
    assert recorder.heard == events
    assert recorder.cut == []
    assert all(not s.interrupt for s in recorder.spoken)
    assert not speech.is_speaking()


def test_silence_stops_speech_and_drops_the_queue(
    speech: SpeechManager, recorder: RecordingSpeaker
) -> None:
    speech.say("one")
    speech.say("two")
    speech.silence()
    assert recorder.stop_count == 1
    assert recorder.cut == ["one", "two"]
    assert not speech.is_speaking()


def test_repeat_last_says_the_last_message_again_interrupting(
    speech: SpeechManager, recorder: RecordingSpeaker
) -> None:
    assert speech.repeat_last() is None
    assert recorder.spoken == []
    speech.say("You bid four")
    assert speech.repeat_last() == "You bid four"
    assert recorder.spoken[-1] == Spoken("You bid four", interrupt=True)
    assert speech.history == ("You bid four",)  # a repeat is not a new message
    assert speech.last_text == "You bid four"


def test_repeat_after_a_remark_about_the_history_says_the_message(
    speech: SpeechManager, recorder: RecordingSpeaker
) -> None:
    speech.say("You bid four")
    speech.say_aside("No more messages.")
    assert recorder.spoken[-1] == Spoken("No more messages.", interrupt=True)
    assert speech.repeat_last() == "You bid four"
    assert speech.last_text == "You bid four"


def test_a_line_not_remembered_is_kept_but_repeat_says_the_one_before(
    speech: SpeechManager, recorder: RecordingSpeaker
) -> None:
    """A remark by the way (someone at an online table is back) is spoken, queued,
    and kept in the history, but repeat still says the player's turn."""
    speech.say("Your turn.")
    speech.say("Bob is back.", remember=False)
    assert recorder.spoken[-1] == Spoken("Bob is back.", interrupt=False)
    assert speech.history == ("Your turn.", "Bob is back.")
    assert speech.repeat_last() == "Your turn."


def test_history_keeps_the_newest_messages_and_drops_the_oldest(
    speech: SpeechManager,
) -> None:
    for i in range(HISTORY_SIZE + 50):
        speech.say(f"message {i}")
    assert HISTORY_SIZE >= 200
    assert len(speech.history) == HISTORY_SIZE
    assert speech.history[0] == "message 50"
    assert speech.history[-1] == f"message {HISTORY_SIZE + 49}"


def test_history_walks_back_to_the_oldest_and_forward_to_the_newest(
    speech: SpeechManager, recorder: RecordingSpeaker
) -> None:
    total = HISTORY_SIZE + 10
    for i in range(total):
        speech.say(f"message {i}")
    said_before = len(recorder.spoken)

    back = []
    while (text := speech.history_back()) is not None:
        back.append(text)
    assert back == [f"message {i}" for i in reversed(range(10, total))]
    assert speech.history_back() is None  # stays at the oldest end
    assert speech.last_text == "message 10"

    forward = []
    while (text := speech.history_forward()) is not None:
        forward.append(text)
    assert forward == [f"message {i}" for i in range(11, total)]
    assert speech.history_forward() is None  # stays at the newest end

    walked = recorder.spoken[said_before:]
    assert [s.text for s in walked] == back + forward
    assert all(s.interrupt for s in walked)
    assert len(speech.history) == HISTORY_SIZE  # walking adds nothing


def test_history_walk_restarts_from_the_newest_after_a_new_message(
    speech: SpeechManager,
) -> None:
    assert speech.history_back() is None
    assert speech.history_forward() is None
    speech.say("a")
    speech.say("b")
    assert speech.history_back() == "b"
    assert speech.history_back() == "a"
    speech.say("c")
    assert speech.history_forward() is None
    assert speech.history_back() == "c"
    assert speech.history_back() == "b"
    assert speech.history_forward() == "c"


def test_last_text_follows_what_was_sent_to_speech(speech: SpeechManager) -> None:
    assert speech.last_text == ""
    speech.say("first")
    speech.say("second")
    assert speech.last_text == "second"
    speech.history_back()
    speech.history_back()
    assert speech.last_text == "first"
    assert speech.repeat_last() == "first"


@pytest.mark.parametrize(
    ("asked", "applied"),
    [(100, 100), (RATE_MIN - 30, RATE_MIN), (175, 175), (RATE_MAX + 500, RATE_MAX)],
)
def test_rate_is_clamped_to_the_documented_range(
    speech: SpeechManager, recorder: RecordingSpeaker, asked: int, applied: int
) -> None:
    assert speech.set_rate(asked) is True
    assert speech.current_rate == applied
    assert recorder.rate == applied


def test_rate_setting_is_kept_when_the_back_end_keeps_its_own() -> None:
    class OwnRate(RecordingSpeaker):
        def set_rate(self, percent: int) -> bool:
            return False

    speech = SpeechManager(OwnRate(), rate=120)
    assert speech.set_rate(150) is False
    assert speech.current_rate == 150


def test_manager_applies_initial_rate_and_volume(recorder: RecordingSpeaker) -> None:
    speech = SpeechManager(recorder, rate=140, volume=30)
    assert (recorder.rate, recorder.volume) == (140, 30)
    speech.set_volume(250)
    assert speech.current_volume == 100 == recorder.volume


def test_language_change_reaches_the_back_end(
    speech: SpeechManager, recorder: RecordingSpeaker
) -> None:
    speech.set_language("fr")
    speech.say("Bonjour")
    assert recorder.language == "fr"
    assert speech.backend is BackendKind.RECORDER


def test_recorder_transcript_and_close(recorder: RecordingSpeaker) -> None:
    speech = SpeechManager(recorder)
    speech.say("a")
    speech.say("b", interrupt=True)
    assert recorder.transcript() == ["a", "b"]
    speech.close()
    speech.say("after close")
    assert recorder.transcript() == ["a", "b"]
    assert recorder.is_closed


def test_empty_text_is_not_spoken_or_kept_but_an_interrupt_still_silences(
    speech: SpeechManager, recorder: RecordingSpeaker
) -> None:
    speech.say("a")
    speech.say("  ")
    assert recorder.transcript() == ["a"]
    speech.say("", interrupt=True)
    assert recorder.stop_count == 1
    assert speech.history == ("a",)
