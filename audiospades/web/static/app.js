// audiospades in a browser. The server words everything the game says (in the
// player's language) and sends it in "said" frames; this script only shows it,
// announces it in live regions, and sends keys and choices. Its own words (the
// labels of its buttons and fields) come from /chrome/<lang>.json.
"use strict";

const KEY_NAMES = {
  ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
  Enter: "return", " ": "space", Home: "home", End: "end", Tab: "tab",
  Backspace: "backspace", Delete: "delete", PageUp: "page up",
  PageDown: "page down", Escape: "escape",
};
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const RANKS = { T: "10" };
// The tables the create form offers, as the game's rules allow them: partnerships
// only at 4 and 6 players (partners across the table). The game's default first
// chosen: 4 players in partnerships.
const SHAPES = [[3, false], [4, true], [4, false], [5, false], [6, true], [6, false]];
const FIRST_SHAPE = "4-partners";
const KEEP_LIVE = 8;
// Lines leave a live region only once they are this old: a line added and
// removed in the same moment never reaches the screen reader (F1's help, a score
// sheet, a burst of plays would be cut to their last lines).
const PRUNE_MS = 20000;
const KEEP_HISTORY = 300;
const REPEAT_MS = 110;
// Pauses between reconnection attempts, as the game's: they stop growing at 5 s
// (a server hands an absent player's seat to a computer after 30 s by default),
// and each is shortened by up to a fifth at random, so that the pages of a
// restarted server do not all knock at once.
const BACKOFF_MS = [500, 1000, 2000, 4000, 5000];
const JITTER = 0.2;
// The server closes a connection with this code when the same player connects
// again elsewhere (another tab, the game): reconnecting would take the seat back
// from there, and that one would take it back again, for ever.
const REPLACED_CLOSE_CODE = 4000;

const state = {
  ws: null,
  words: {},
  // How the page names a key it words, by its key name ("," is "Comma"): the
  // server's, in the page's language.
  keyNames: {},
  language: "en",
  characters: [],
  screen: null,
  place: null,
  lines: [],
  historyIndex: -1,
  // The last line A repeats: not a remark by the way (a chat line, someone coming
  // or going at the table), which stays in the messages only, as in the game.
  lastLine: "",
  sound: false,
  lastKeyAt: 0,
  greeted: false,
  lost: false,
  retries: 0,
  tableBefore: false,
  closedRowAt: -1,
  // The table and chair last chosen to watch from (until the page leaves it): a
  // server that let the page go (away past its takeover delay, or an older one
  // restarted) lists the lobby, and the page watches again.
  watched: null,
  // A table asked for with the create form: once its waiting room comes, the
  // form forgets its name and its Private tick (a stray Enter there made a second
  // table of that name, and the next table was private unasked).
  creating: false,
  // A private table was asked for by its code: the next table found is its
  // answer (drawn and focused); one found after is the same table changed.
  findAsked: false,
  // The waiting room's Leave was refused (the game had started): once the
  // table comes, its leave question is asked.
  leaveRefused: false,
  // The host's "Start another game at this table?" was open when the link
  // dropped: back at that finished game, it is asked again (see askAgain).
  askAgain: false,
  // A chat line was sent and nothing typed since (the field keeps the focus).
  chatSent: false,
  // The name and language the page connected with (to connect again).
  link: null,
};

// The server's rate limit, a token bucket per player (its defaults until the
// page's words bring the server's own): the page counts its messages the same way
// and sends none the server would refuse. The server answers the first refused
// message and drops the rest unheard; the page holds them back and says so, each
// time. A server stricter than told ("too fast" comes back) empties the count.
const pace = { rate: 10, burst: 20, tokens: 20, at: 0, toldAt: -Infinity };
const TOLD_AGAIN_MS = 2000;

const $ = (id) => document.getElementById(id);

// Text the server refuses, as Python's str.isprintable finds it: a control or
// invisible (format) character, or a space other than the plain one. A chat
// line or a table's name holding one is answered before it is sent (the server
// only said "refused a message", and the line was gone).
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

function word(key) {
  return state.words[key] || "";
}

// A control's name and its subject, punctuated as the language wants ("Join: X",
// French "Rejoindre : X"). Functions, not strings, replace: a name holding "$&" or
// "$'" is shown as typed, never read as a replacement pattern.
function labelled(action, item) {
  return word("labelled")
    .replace("{action}", () => action)
    .replace("{item}", () => item);
}

async function loadWords(lang) {
  try {
    const response = await fetch(`/chrome/${encodeURIComponent(lang)}.json`);
    if (!response.ok) return;
    const data = await response.json();
    state.words = data.words;
    state.keyNames = data.key_names || {};
    state.language = data.language;
    if (data.rate > 0 && data.burst >= 1) {
      pace.rate = data.rate;
      pace.burst = data.burst;
      pace.tokens = Math.min(pace.tokens, pace.burst);
    }
    document.documentElement.lang = data.language;
    for (const element of document.querySelectorAll("[data-word]")) {
      element.textContent = word(element.dataset.word);
    }
    document.title = word("title");
    drawShapes();
  } catch (error) {
    console.warn("page words", error);
  }
}

// The create form's table shapes ("4 players in partnerships"), worded afresh
// in the page's language; the choice stays.
function drawShapes() {
  const select = $("players");
  const chosen = select.value;
  select.replaceChildren(...SHAPES.map(([count, partners]) => {
    const option = document.createElement("option");
    option.value = `${count}-${partners ? "partners" : "alone"}`;
    option.textContent = word(partners ? "players_partners" : "players_alone")
      .replace("{count}", () => String(count));
    return option;
  }));
  select.value = chosen || FIRST_SHAPE;
}

// --- announcing -----------------------------------------------------------------

function announce(text, urgent, cue, aside = false) {
  if (!text && !cue) return;
  if (!text && cue === "edge" && !state.sound) {
    // The edge of the hand is a sound alone in the game: with the page's sounds
    // off (as at first), Right at the last card only said that card again.
    sayAside(word("edge"));
    return;
  }
  if (text) {
    liveLine(urgent ? $("assertive") : $("polite"), text);
    addHistory(text, urgent);
    if (!aside) state.lastLine = text;
  }
  if (cue && state.sound) playCue(cue);
}

function addHistory(text, urgent) {
  state.lines.push(text);
  if (state.lines.length > KEEP_HISTORY) state.lines.shift();
  state.historyIndex = -1;
  const history = $("history");
  const item = document.createElement("li");
  item.textContent = text;
  if (urgent) item.className = "urgent";
  history.append(item);
  while (history.childElementCount > KEEP_HISTORY) history.firstElementChild.remove();
  history.scrollTop = history.scrollHeight;
}

function liveLine(region, text) {
  const now = Date.now();
  const line = document.createElement("p");
  line.textContent = text;
  line.dataset.at = String(now);
  region.append(line);
  // The oldest lines go, beyond the last few, once they are PRUNE_MS old.
  while (region.childElementCount > KEEP_LIVE
      && now - Number(region.firstElementChild.dataset.at) > PRUNE_MS) {
    region.firstElementChild.remove();
  }
}

function sayAside(text) {
  // A reply of the page itself (a repeated message): announced, not kept again.
  liveLine($("polite"), text);
}

function walkHistory(step) {
  const count = state.lines.length;
  if (!count) {
    sayAside(word("no_more"));
    return;
  }
  let index = state.historyIndex < 0 ? count - 1 : state.historyIndex + step;
  if (index < 0 || index >= count) {
    sayAside(word("no_more"));
    return;
  }
  state.historyIndex = index;
  sayAside(state.lines[index]);
}

function playCue(cue) {
  const audio = new Audio(`/sounds/${encodeURIComponent(cue)}.wav`);
  audio.play().catch(() => {});
}

function toggleSound() {
  state.sound = !state.sound;
  $("sound-toggle").setAttribute("aria-pressed", String(state.sound));
  sayAside(word(state.sound ? "sound_on" : "sound_off"));
}

// --- the connection ---------------------------------------------------------------

function send(message) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) {
    // A hello is counted but never held back: without it, nothing else goes.
    if (!takeToken() && message.type !== "hello") {
      tooFast();
      return false;
    }
    state.ws.send(JSON.stringify(message));
    if (message.type === "spectate") state.watched = message;
    else if (message.type === "leave" || message.type === "join_seat"
      || message.type === "create_table") state.watched = null;
    return true;
  }
  // Said at every key while the link is down, but kept in the messages once per
  // outage (when the link was lost): a line per key press buried the rest.
  if (state.lost) liveLine($("assertive"), word("reconnecting"));
  return false;
}

// One message's worth of the server's rate limit, if it has one left now.
function takeToken() {
  const now = performance.now();
  pace.tokens = Math.min(pace.burst, pace.tokens + ((now - pace.at) / 1000) * pace.rate);
  pace.at = now;
  if (pace.tokens < 1) return false;
  pace.tokens -= 1;
  return true;
}

// A key held back: said every time (no key met with silence), kept in the
// messages once a burst.
function tooFast() {
  pace.toldAt = sayEachTime(word("too_fast"), pace.toldAt);
}

// ``text`` said now (assertive), kept in the messages only if it was not said
// in the last moment (``toldAt``); the new time it was told.
function sayEachTime(text, toldAt) {
  const now = performance.now();
  if (now - toldAt < TOLD_AGAIN_MS) liveLine($("assertive"), text);
  else announce(text, true, null);
  return now;
}

// A field at its length (its maxlength) takes no more: the browser drops a key
// typed into it, or the end of a line pasted, without a sound, and a screen
// reader says nothing (a name typed too long lost its end unheard). Said each
// time.
const fieldFull = { toldAt: -Infinity };

function isFull(field, adding) {
  if (!(field instanceof HTMLInputElement) || field.maxLength < 0) return false;
  const selected = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
  return field.value.length - selected + adding > field.maxLength;
}

function onFieldKey(event) {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
  if (event.key.length !== 1 || !isFull(event.target, 1)) return;
  fieldFull.toldAt = sayEachTime(word("field_full"), fieldFull.toldAt);
}

const emptyChat = { toldAt: -Infinity };

function onFieldPaste(event) {
  const text = event.clipboardData ? event.clipboardData.getData("text") : "";
  if (!text || !isFull(event.target, text.length)) return;
  fieldFull.toldAt = sayEachTime(word("field_full"), fieldFull.toldAt);
}

// The join form's status line is for the eyes; its words are announced once,
// through the live regions (it was a live region itself: read twice).
function joinStatus(text, urgent) {
  $("join-status").textContent = text;
  if (text) announce(text, urgent, null);
}

function connect(name, language) {
  // One connection at a time: Connect pressed again while the first is on its way
  // (Enter twice, nothing heard yet) opened a second one and sent the first one's
  // hello down the second (the server refused it). The press is answered.
  if (state.ws && state.ws.readyState <= WebSocket.OPEN) {
    sayAside(word("connecting"));
    return;
  }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/`);
  state.ws = ws;
  state.link = { name, language };
  // Said once: while the link is down, "Connection lost, reconnecting." was
  // said, and each new attempt only shows it.
  if (state.lost) $("join-status").textContent = word("connecting");
  else joinStatus(word("connecting"), false);
  ws.addEventListener("open", () => {
    const hello = { type: "hello", version: 14, name, language, render: true };
    const token = localStorage.getItem("audiospades-token");
    if (token) hello.token = token;
    if (state.ws === ws) send(hello);
  });
  ws.addEventListener("message", (event) => {
    // Only the page's own connection is heard: an older one still open would
    // say every line a second time.
    if (state.ws !== ws) return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    receive(message);
  });
  ws.addEventListener("close", (event) => linkClosed(ws, event.code));
}

// The page's connection `ws` has closed (`code`): back to the form, or
// connecting again with the name and language it connected with.
function linkClosed(ws, code) {
  if (state.ws !== ws) return;
  state.ws = null;
  if (code === REPLACED_CLOSE_CODE) {
    // Back to the form: Connect takes the game back to this page.
    state.greeted = false;
    state.lost = false;
    // No chat from here: it would go nowhere. The messages stay to be read.
    $("chat-form").hidden = true;
    show("join");
    joinStatus(word("replaced"), true);
    $("join-heading").focus();
    return;
  }
  if (!state.greeted) {
    // The first connection failed: back to the form.
    show("join");
    joinStatus(word("connect_failed"), true);
    return;
  }
  // As the game does: say so once, then try again, waiting longer each time;
  // the server keeps the seat, and the token brings it back.
  if (!state.lost) announce(word("reconnecting"), true, null);
  state.lost = true;
  const delay = reconnectDelay(state.retries, Math.random());
  state.retries += 1;
  const { name, language } = state.link;
  setTimeout(() => connect(name, language), delay);
}

// Leaving the page for another address (a link, the browser's Back) can keep it
// whole in the browser's back-forward cache, its connection open: the server
// held the seat for a player no longer there, and the table waited, untold. The
// connection is closed as the page goes: the others hear that the player lost
// the connection, and a computer takes the seat after the server's delay. Shown
// again from that cache, the page connects again; the token brings the seat
// back, with where things stand.
function onPageHide() {
  if (state.ws) state.ws.close(1000);
}

function onPageShow(event) {
  const ws = state.ws;
  // Its close event, if it was not heard while the page slept.
  if (event.persisted && ws && ws.readyState >= WebSocket.CLOSING) linkClosed(ws, 1000);
}

// The pause before the next attempt after `retries` failed ones; `draw` is a
// number from 0 to 1 (Math.random's).
function reconnectDelay(retries, draw) {
  return BACKOFF_MS[Math.min(retries, BACKOFF_MS.length - 1)] * (1 - JITTER * draw);
}

// The chat's To list: everyone here (the first option, kept), then each person
// the last "Who is online" named; the one chosen stays chosen while listed.
function fillChatTo(people) {
  const select = $("chat-to");
  const chosen = select.value;
  while (select.options.length > 1) select.remove(1);
  for (const person of people) {
    const option = document.createElement("option");
    option.value = person.player;
    option.textContent = person.name;
    select.append(option);
  }
  select.value = people.some((person) => person.player === chosen) ? chosen : "";
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      localStorage.setItem("audiospades-token", message.token);
      state.greeted = true;
      state.retries = 0;
      if (state.lost) {
        state.lost = false;
        announce(word("reconnected"), false, null);
        // At a table before the link dropped: if the lobby comes instead, the
        // page says why (its first screen tells): a watched table closed; a
        // seat given up before the game began, or when it ended (unless the
        // welcome says so: then the server's words do, as on a fresh page).
        state.tableBefore = false;
        // The screen of before the drop is still the page's.
        state.askAgain = state.place === "table"
          && Boolean(state.screen?.picture?.asking);
        if (state.place === "table" || state.place === "waiting") {
          state.tableBefore = state.screen?.is_watching
            ? "table_gone"
            : message.seat_given_up ? false
            : state.place === "waiting" ? "seat_lost" : "game_ended_away";
        }
      }
      $("join-status").textContent = "";
      $("messages").hidden = false;
      $("chat-form").hidden = false;
      break;
    case "people":
      // Who is online (its words come in a "said" frame): the chat's To list,
      // so that a line can go to one of them alone.
      fillChatTo(message.people);
      break;
    case "said":
      // Back in the lobby rather than at the table: why, first (it came after the
      // lobby's own line, and, assertive, could cut it off mid-sentence).
      if (state.tableBefore && message.screen?.place === "lobby"
          && !watchAgain(message.screen)) {
        announce(word(state.tableBefore), true, null);
      }
      for (const line of message.lines) {
        announce(line.text, line.urgent, line.cue, line.aside);
      }
      if (message.characters) state.characters = message.characters;
      if (message.screen) {
        state.tableBefore = false;
        showScreen(message.screen);
        if (state.askAgain) askAgain(message.screen);
      }
      if (message.found && state.place === "lobby") drawFound(message.found);
      if (message.found_closed) dropFound(message.found_closed);
      if (state.leaveRefused && state.place === "table") leaveAgain();
      break;
    case "error":
      // A leave from the waiting room came after the start: the table follows
      // (a "said" frame), and the game's question is asked then.
      if (message.request === "leave" && message.code === "game_started") {
        state.leaveRefused = true;
      }
      if (message.code === "rate_limited") {
        // The server counts stricter than the page was told: the page waits.
        pace.tokens = 0;
        pace.at = performance.now();
        pace.toldAt = pace.at;
      }
      // Worded for the page in a "said" line once greeted; before that, on the
      // join form, say it here, in the page's words (the server's own account of
      // it, its "detail", is English for the log).
      const onForm = !state.place || state.place === "join";
      if (onForm) joinStatus(refusalWord(message.code), true);
      if (!state.greeted && state.ws) {
        // The hello was refused (a name the server will not take, say): the
        // server keeps the socket open, and Connect, held back while one is
        // open, answered "Connecting" for ever. Forget it: Connect starts anew.
        const refused = state.ws;
        state.ws = null;
        refused.close();
        // The name is the hello's one typed part: the focus goes there to
        // correct it.
        if (onForm && message.code === "bad_message") $("name").focus();
      }
      break;
    default:
      break;
  }
}

// A refusal that comes before the server has greeted the page (so before it
// words anything): a hello refused, in the page's own words.
function refusalWord(code) {
  switch (code) {
    case "rate_limited":
      return word("too_fast");
    case "bad_message":
      return word("unprintable");
    case "version_mismatch":
      return word("version_refused");
    default:
      return word("refused");
  }
}

// The host's "Start another game at this table?" was open when the link
// dropped. The server held it for the connection that is gone (a new one, or a
// restarted server, knows nothing of it): back at that finished game's results
// the page asks it again, as its Start the game button does, so that Y and N
// answer it as the player means them (Y said "Y does nothing here", N asked it
// anew). Only there: a game started meanwhile, or the lobby, asks nothing.
function askAgain(screen) {
  state.askAgain = false;
  const picture = screen.picture;
  if (screen.place !== "table" || !picture?.over || picture.asking
    || !screen.is_host || screen.is_watching) return;
  pressKey("return", false, false, null);
}

// Back in the lobby after the link dropped while watching a table still listed
// (the server let the spectator go: away too long, or an older server restarted):
// watch it again, from the same chair, rather than say it is gone. True if asked.
function watchAgain(screen) {
  const watched = state.watched;
  if (state.tableBefore !== "table_gone" || !watched) return false;
  if (!screen.items.some((item) => item.id === watched.table)) return false;
  return send(watched);
}

// --- the screens ----------------------------------------------------------------

function show(place) {
  for (const id of ["join", "lobby", "waiting", "table"]) $(id).hidden = id !== place;
  if (place === "lobby" || place === "join") state.leaveRefused = false;
  if (place !== "lobby") {
    for (const row of $("tables").children) closeChoices(row);
    // A private table found by its code is offered until the lobby is left.
    $("found").replaceChildren();
    $("found").hidden = true;
  }
  const changed = state.place !== place;
  state.place = place;
  return changed;
}

const HOME = { lobby: "lobby-heading", waiting: "waiting-heading", table: "board" };

function showScreen(screen) {
  state.screen = screen;
  // Lists are drawn afresh: keep the focus and the choices the player was making.
  const active = document.activeElement;
  const focused = active && active !== document.body ? active.id : "";
  const cards = [...$("hand").querySelectorAll("button")];
  const cardIndex = cards.indexOf(active);
  const chosen = {};
  for (const select of document.querySelectorAll("#seats select")) {
    chosen[select.id] = select.value;
  }
  const changed = show(screen.place);
  // Away from the table (it closed, or the leave went through): nothing to ask.
  if (screen.place !== "table") closeLeaveQuestion(false);
  if (state.creating && screen.place !== "lobby") {
    state.creating = false;
    $("table-name").value = "";
    $("private").checked = false;
  }
  if (screen.place === "lobby") drawLobby(screen);
  if (screen.place === "waiting") drawWaiting(screen, chosen);
  if (screen.place === "table") {
    drawTable(screen);
    reviewLeaveQuestion();
  }
  const now = document.activeElement;
  if (changed) {
    // A line being typed (the chat) keeps the focus: the rest of the sentence
    // must not become game keys. The change itself is announced. Not a chat
    // line just sent (the field empty, nothing typed since): the bid typed next
    // went out as a chat line. A chat line just opened, empty, keeps it.
    const justSent = now && now.id === "chat" && now.value === "" && state.chatSent;
    const typing = now && now.tagName === "INPUT" && now.offsetParent !== null
      && !justSent;
    if (typing) describeWaitingHeading();
    else arriveAt(homeOf(screen));
    return;
  }
  if (focused && (!now || now === document.body)) {
    standInFor(focused, cardIndex, screen.place).focus();
  }
}

// The focus put on arriving. On the waiting room's heading, its name alone: the
// arrival said at the same time is the game's (the room's title with the
// table's rules, where one sits, a private table's code), and the heading's
// description holds the same rules and code; read with it, they came twice in a
// row. The description is back once the focus leaves the heading, read with it
// whenever the focus comes back there.
function arriveAt(home) {
  const heading = $(HOME.waiting);
  if (home === heading) {
    heading.removeAttribute("aria-describedby");
    heading.addEventListener("blur", describeWaitingHeading, { once: true });
  } else {
    describeWaitingHeading();
  }
  home.focus();
}

function describeWaitingHeading() {
  $(HOME.waiting).setAttribute("aria-describedby", "waiting-about");
}

// Where the focus goes on arriving at a screen: its heading (the card table),
// but in the waiting room the host opened after a game to fill a free seat,
// that seat's choice of a computer player, as the game's room starts on it.
function homeOf(screen) {
  const seat = screen.place === "waiting" && screen.after_game && screen.is_host
    ? $("seats").querySelector("select") : null;
  return seat || $(HOME[screen.place]);
}

// The control to focus when the focused one was drawn away: the same seat's new
// button (Add became Remove), the next card of the hand, or the place's heading.
function standInFor(id, cardIndex, place) {
  const same = document.getElementById(id);
  if (same && same.offsetParent !== null) return same;
  const seat = /^(?:add|remove|character|move)-(\d+)$/.exec(id);
  if (seat) {
    for (const kind of ["remove", "add", "character", "move"]) {
      const other = document.getElementById(`${kind}-${seat[1]}`);
      if (other) return other;
    }
    // A player sat down in that seat: the nearest seat's control of its kind.
    const near = nearest($("seats").querySelectorAll("select, button"),
      Number(seat[1]), id);
    if (near) return near;
  }
  if (cardIndex >= 0) {
    const cards = [...$("hand").querySelectorAll("button")];
    if (cards.length) return cards[Math.min(cardIndex, cards.length - 1)];
  }
  // A seat offered at a table was taken: the nearest seat still offered; none
  // left, that table's Join (or Watch, when it filled up). A chair to watch
  // from: its table's Watch.
  const choice = /^(?:(sit|chair)-(.+)-(\d+)|(cancel|unwatch)-(.+))$/.exec(id);
  if (choice && place === "lobby") {
    const kind = choice[1] === "chair" || choice[4] === "unwatch" ? "watch" : "join";
    const table = choice[2] || choice[5];
    const group = document.getElementById(CHOICES[kind].group(table));
    if (group && !group.hidden) {
      const picks = `button[id^=${CHOICES[kind].prefix}-]`;
      const near = nearest(group.querySelectorAll(picks),
        Number(choice[3]), id);
      return near || group.querySelector("button");
    }
    const join = document.getElementById(`join-${table}`);
    if (kind === "join" && join && join.offsetParent !== null) return join;
    if (join) return document.getElementById(`watch-${table}`);
    id = `${kind}-${table}`; // the table closed: as its Join or Watch would
  }
  // A closed table's Join or Watch: the same button of the row now in its place
  // (the next table, or the last one), as the game's lobby moves to the next line.
  const lobbyButton = /^(join|watch)-/.exec(id);
  if (lobbyButton && lobbyButton[1] === "join" && same) {
    // Its table filled up: Join is gone, Watch is beside it.
    const watch = document.getElementById(`watch-${id.slice("join-".length)}`);
    if (watch) return watch;
  }
  const rows = [...$("tables").children];
  if (lobbyButton && place === "lobby" && state.closedRowAt >= 0 && rows.length) {
    const row = rows[Math.min(state.closedRowAt, rows.length - 1)];
    const sameKind = row.querySelector(`#${lobbyButton[1]}-${CSS.escape(row.dataset.id)}`);
    return sameKind.hidden
      ? row.querySelector(`#watch-${CSS.escape(row.dataset.id)}`)
      : sameKind;
  }
  return $(HOME[place]);
}

// Of ``controls`` (ids ending in a seat's number), the one nearest ``seat``: the
// next seat before the one before, and the same kind of control as ``id``.
function nearest(controls, seat, id) {
  const kind = id.replace(/-\d+$/, "");
  let best = null;
  let bestScore = Infinity;
  for (const control of controls) {
    const number = /-(\d+)$/.exec(control.id);
    if (!number) continue;
    const distance = Math.abs(Number(number[1]) - seat);
    const score = distance * 4 + (Number(number[1]) < seat ? 2 : 0)
      + (control.id.replace(/-\d+$/, "") === kind ? 0 : 1);
    if (score < bestScore) {
      best = control;
      bestScore = score;
    }
  }
  return best;
}

function button(text, onClick, label, id) {
  const element = document.createElement("button");
  element.type = "button";
  if (id) element.id = id;
  element.textContent = text;
  if (label) element.setAttribute("aria-label", label);
  element.addEventListener("click", onClick);
  return element;
}

// The lobby's rows are kept from list to list, each table's in place: a row whose
// table changed is reworded where it is, so the focus stays on its button and a
// screen reader does not read it again for every change at another table. A
// closed table's row goes; if the focus was on it, it moves to the row that took
// its place (see standInFor).
function drawLobby(screen) {
  $("lobby-title").textContent = screen.title;
  const list = $("tables");
  const kept = new Map([...list.children].map((row) => [row.dataset.id, row]));
  const wanted = new Set(screen.items.map((item) => item.id));
  state.closedRowAt = -1;
  [...list.children].forEach((row, index) => {
    if (wanted.has(row.dataset.id)) return;
    if (row.contains(document.activeElement)) state.closedRowAt = index;
    row.remove();
  });
  screen.items.forEach((item, index) => {
    let row = kept.get(item.id);
    if (!row) {
      row = lobbyRow(item);
    } else if (row.dataset.label !== item.label || row.dataset.kind !== item.kind) {
      rewordLobbyRow(row, item);
    }
    if (list.children[index] !== row) list.insertBefore(row, list.children[index] || null);
  });
}

// The two choices a lobby row opens, as the game's lobby offers them: Join's
// free seats ("Sit in seat 3, partner of Ann") and Watch's chairs, every seat
// taken or not ("Watch from seat 3, Bert"). Each is a group of buttons in the
// server's words, then Cancel; Escape or Cancel closes it, back to the button
// that opened it. One choice is open at a time.
const CHOICES = {
  join: {
    group: (table) => `choice-${table}`,
    prefix: "sit",
    cancel: (table) => `cancel-${table}`,
    options: (item) => item.seats,
    // None listed (one free seat before the game), Join takes it. A game under
    // way lists even one: "Sit in seat 2, partner of Bert", as the game offers it.
    direct: (table) => ({ type: "join_seat", table }),
    message: (table, seat) => ({ type: "join_seat", table, seat }),
  },
  watch: {
    group: (table) => `chairs-${table}`,
    prefix: "chair",
    cancel: (table) => `unwatch-${table}`,
    options: (item) => item.chairs,
    // A server that lists no chairs: from seat 1, as before.
    direct: (table) => ({ type: "spectate", table }),
    message: (table, seat) => ({ type: "spectate", table, chair: seat }),
  },
};

function lobbyRow(item) {
  const row = document.createElement("li");
  row.dataset.id = item.id;
  const label = document.createElement("span");
  label.className = "label";
  const groups = Object.entries(CHOICES).map(([kind, choice]) => {
    const group = document.createElement("div");
    group.className = "seat-choice";
    group.dataset.kind = kind;
    group.id = choice.group(item.id);
    group.setAttribute("role", "group");
    group.hidden = true;
    group.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      closeChoice(row, kind, true);
    });
    return group;
  });
  row.append(
    label,
    button(word("join"), () => openChoice(row, "join"), "", `join-${item.id}`),
    button(word("watch"), () => openChoice(row, "watch"), "", `watch-${item.id}`),
    ...groups,
  );
  rewordLobbyRow(row, item);
  return row;
}

function choiceGroup(row, kind) {
  return row.querySelector(`.seat-choice[data-kind="${kind}"]`);
}

function openChoice(row, kind) {
  const item = row.item;
  const options = CHOICES[kind].options(item);
  if (!options || options.length === 0) {
    send(CHOICES[kind].direct(item.id));
    return;
  }
  for (const other of [...$("tables").children, ...$("found").children]) {
    closeChoices(other);
  }
  const group = choiceGroup(row, kind);
  group.hidden = false;
  drawChoice(row, item, kind);
  group.querySelector("button").focus();
}

function closeChoices(row) {
  for (const kind of Object.keys(CHOICES)) closeChoice(row, kind, false);
}

function closeChoice(row, kind, refocus) {
  const group = choiceGroup(row, kind);
  if (group.hidden) return;
  group.hidden = true;
  group.replaceChildren();
  if (refocus) row.querySelector(`#${kind}-${CSS.escape(row.dataset.id)}`).focus();
}

// A choice's buttons, kept from list to list as the rows are (the focused one
// stays put when another seat is taken or a name changes), then Cancel.
function drawChoice(row, item, kind) {
  const choice = CHOICES[kind];
  const group = choiceGroup(row, kind);
  group.setAttribute("aria-label", labelled(word(kind), item.label));
  const kept = new Map([...group.children].map((b) => [b.id, b]));
  const wanted = choice.options(item).map((seat) => {
    const id = `${choice.prefix}-${item.id}-${seat.id}`;
    const pick = kept.get(id) || button("", () => send(
      choice.message(item.id, Number(seat.id)),
    ), "", id);
    pick.textContent = seat.label;
    return pick;
  });
  const cancelId = choice.cancel(item.id);
  const cancel = kept.get(cancelId)
    || button("", () => closeChoice(row, kind, true), "", cancelId);
  cancel.textContent = word("cancel");
  wanted.push(cancel);
  const keep = new Set(wanted);
  for (const old of [...group.children]) if (!keep.has(old)) old.remove();
  wanted.forEach((element, index) => {
    if (group.children[index] !== element) {
      group.insertBefore(element, group.children[index] || null);
    }
  });
}

function rewordLobbyRow(row, item) {
  row.item = item;
  row.dataset.label = item.label;
  row.dataset.kind = item.kind;
  // The seats open for choosing follow the table's; no choice left, they close.
  for (const kind of Object.keys(CHOICES)) {
    if (choiceGroup(row, kind).hidden) continue;
    const options = CHOICES[kind].options(item);
    if (options && options.length > 0) drawChoice(row, item, kind);
    else closeChoice(row, kind, false);
  }
  // A full table is offered to watch only, as in the game (Join was refused).
  row.querySelector(`#join-${CSS.escape(item.id)}`).hidden = item.kind === "full";
  row.querySelector(".label").textContent = item.label;
  for (const [kind, name] of [["join", word("join")], ["watch", word("watch")]]) {
    const control = row.querySelector(`#${kind}-${CSS.escape(item.id)}`);
    control.textContent = name;
    control.setAttribute("aria-label", labelled(name, item.label));
  }
}

// A private table found by its code: offered under the code field as a listed
// table is (Join's free seats, Watch's chairs, in the server's words), its Join
// focused, or its Watch when no seat is free.
function drawFound(item) {
  const listed = [...$("tables").children].find((row) => row.dataset.id === item.id);
  const asked = state.findAsked;
  state.findAsked = false;
  if (!asked) {
    // The table found before has changed (its seats, its game): redrawn where it
    // is, the focus and any open choice kept (the server says what changed). A
    // listed table is the list's to redraw.
    const shown = [...$("found").children].find((row) => row.dataset.id === item.id);
    if (!shown) return;
    const had = shown.contains(document.activeElement);
    rewordLobbyRow(shown, item);
    // The seat the focus was on was taken (or Join went, the table full): the
    // focus stays with the table, on its Join or its Watch, not lost.
    if (had && !shown.contains(document.activeElement)) focusFound(shown, item);
    return;
  }
  let row = listed;
  if (!row) {
    row = lobbyRow(item);
    $("found").replaceChildren(row);
    $("found").hidden = false;
  }
  focusFound(row, item);
}

function focusFound(row, item) {
  const join = row.querySelector(`#join-${CSS.escape(item.id)}`);
  (join.hidden ? row.querySelector(`#watch-${CSS.escape(item.id)}`) : join).focus();
}

// The table found by its code has closed (the server says so): taken away, the
// focus, if it was there, back to the code field.
function dropFound(id) {
  const shown = [...$("found").children].find((row) => row.dataset.id === id);
  if (!shown) return;
  const focused = shown.contains(document.activeElement);
  $("found").replaceChildren();
  $("found").hidden = true;
  if (focused) $("table-code").focus();
}

function drawWaiting(screen, chosen) {
  // "Salle d'attente : …": the colon is the language's (its "labelled" word).
  $("waiting-heading").textContent = labelled(word("waiting_heading"), screen.title);
  // Where one waits, in sight under the title (read with the heading, its
  // description, when the focus comes back to it; not on arriving, see
  // arriveAt), as on the game's picture: the table, its rules and a private
  // table's code.
  $("waiting-about").textContent = screen.about || "";
  $("waiting-about").hidden = !screen.about;
  $("start").hidden = !screen.is_host;
  const list = $("seats");
  list.replaceChildren();
  for (const item of screen.items) {
    const row = document.createElement("li");
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = item.label;
    row.append(label);
    // Before the game (the screen names the table then), anyone at the table
    // may take a free seat (to sit as a friend's partner; a spectator sits
    // down); the host may seat a computer.
    if (item.kind === "empty" && screen.table) {
      row.append(button(word("sit_here"),
        () => send({ type: "join_seat", table: screen.table, seat: Number(item.id) }),
        labelled(word("sit_here"), item.label), `move-${item.id}`));
    }
    if (screen.is_host && item.kind === "empty") {
      const select = document.createElement("select");
      select.id = `character-${item.id}`;
      select.setAttribute("aria-label",
        word("character_label").replace("{seat}", item.label));
      // Not a character already at the table: two Millys could not be told apart.
      const seated = new Set(screen.items.map((seat) => seat.character).filter(Boolean));
      for (const character of state.characters) {
        if (seated.has(character.id)) continue;
        const option = document.createElement("option");
        option.value = character.id;
        option.textContent = character.label;
        select.append(option);
      }
      // The player's choice stays, unless that character has just been seated.
      const kept = [...select.options].some((o) => o.value === chosen[select.id]);
      if (kept) select.value = chosen[select.id];
      // What the chosen character is like, as the game says it (QA: the page
      // gave names and stars only): the list's description, and said once the
      // choice rests a moment, as the game's list says it after a pause.
      const about = document.createElement("p");
      about.id = `about-${item.id}`;
      about.className = "about";
      about.setAttribute("aria-live", "polite");
      const describe = () => {
        const found = state.characters.find((c) => c.id === select.value);
        about.textContent = found?.about || "";
      };
      describe();
      select.setAttribute("aria-describedby", about.id);
      let resting = null;
      select.addEventListener("change", () => {
        clearTimeout(resting);
        resting = setTimeout(describe, ABOUT_PAUSE_MS);
      });
      row.append(select, about, button(word("add_bot"), () => send({
        type: "add_bot", seat: Number(item.id), character: select.value,
      }), labelled(word("add_bot"), item.label), `add-${item.id}`));
    }
    if (screen.is_host && item.kind === "computer") {
      row.append(button(word("remove_bot"),
        () => send({ type: "remove_bot", seat: Number(item.id) }),
        labelled(word("remove_bot"), item.label), `remove-${item.id}`));
    }
    list.append(row);
  }
}

// A short word on a card, as the game's picture draws it ("new": passed to you;
// "led": the trick's first card), worded by the server; its id names it as the
// card's description for screen readers.
function cardTag(face, id) {
  const tag = document.createElement("span");
  tag.className = "tag";
  tag.id = id;
  tag.textContent = face.tag;
  return tag;
}

// A place's label, "Rosa  bid 3  took 1": two spaces part the name, the bid and
// the tricks (as the game's picture breaks it); the parts after the name are kept
// whole, so a narrow place breaks the line between them, never inside one. The
// text stays the presenter's, spaces and all.
function labelParts(element, text) {
  const [name, ...rest] = text.split("  ");
  element.replaceChildren(name);
  for (const part of rest) {
    const kept = document.createElement("span");
    kept.className = "part";
    kept.textContent = part;
    element.append("  ", kept);
  }
}

// A label's tags ("partner", "side A", "dealer"), each in its own box.
function placeMarks(marks) {
  const box = document.createElement("span");
  box.className = "marks";
  for (const text of marks || []) {
    const mark = document.createElement("span");
    mark.className = "mark";
    mark.textContent = text;
    box.append(mark);
  }
  return box;
}

function cardFace(face) {
  const card = document.createElement("span");
  const rank = face.card.slice(0, -1);
  const suit = face.card.slice(-1);
  card.className = "card";
  card.setAttribute("aria-hidden", "true");
  const top = document.createElement("span");
  const bottom = document.createElement("span");
  bottom.className = "suit";
  if (face.card === "BJ" || face.card === "LJ") {
    top.textContent = face.card === "BJ" ? "\u2605" : "\u2606";
    bottom.textContent = "J";
  } else {
    top.textContent = RANKS[rank] || rank;
    bottom.textContent = SUITS[suit] || suit;
    if (suit === "H" || suit === "D") card.classList.add("red");
  }
  card.append(top, bottom);
  return card;
}

function drawTable(screen) {
  $("table-heading").textContent = labelled(word("board_label"), screen.title);
  // A spectator holds no hand: no empty "Your hand", no "Read my hand".
  const watching = Boolean(screen.is_watching);
  for (const element of [$("hand-heading"), $("hand"), $("read-hand")]) {
    element.hidden = watching;
  }
  // A spectator may take a seat a computer plays for someone who left: its
  // button sits down there (the game's menu offers the same), and the page is
  // then a player's, the focus on the card table.
  const offered = watching && screen.table ? screen.items : [];
  $("free-seats").replaceChildren(...offered.map((item) => button(item.label,
    () => send({ type: "join_seat", table: screen.table, seat: Number(item.id) }),
    null, `take-${item.id}`)));
  $("free-seats").hidden = $("free-seats-heading").hidden = !offered.length;
  const picture = screen.picture;
  if (!picture) return;
  const header = $("header");
  header.replaceChildren(...picture.header.map((text) => {
    const item = document.createElement("li");
    item.textContent = text;
    return item;
  }));
  const places = $("places");
  places.replaceChildren();
  // Left, across, right ... then you, nearest your hand (as round a real table).
  const order = [...picture.places.filter((p) => p.seat !== 0),
    ...picture.places.filter((p) => p.seat === 0)];
  for (const place of order) {
    const box = document.createElement("div");
    box.className = place.is_turn ? "place turn" : "place";
    box.dataset.seat = String(place.seat);
    const who = document.createElement("span");
    who.className = "who";
    labelParts(who, place.label);
    const slot = document.createElement("span");
    slot.className = "slot";
    if (place.card) {
      const shown = cardFace(place.card);
      shown.removeAttribute("aria-hidden");
      shown.setAttribute("role", "img");
      // The card that won the finished trick still shown is framed, as in the
      // game's picture; its name says so ("ace of spades, won the trick").
      shown.setAttribute("aria-label", place.card.label);
      if (place.card.tag) {
        // "led": the first card of the trick, said as the card's description.
        const id = `tag-table-${place.card.card}`;
        shown.append(cardTag(place.card, id));
        shown.setAttribute("aria-describedby", id);
      }
      if (place.won_trick) {
        shown.classList.add("won");
        shown.dataset.won = "true";
        box.classList.add("won");
      }
      slot.append(shown);
    }
    box.append(who, placeMarks(place.marks), slot);
    places.append(box);
  }
  $("bid-entry").textContent = picture.bid_entry;
  $("board").dataset.over = String(picture.over);
  $("again").hidden = !(picture.over && screen.is_host);
  const hand = $("hand");
  hand.replaceChildren();
  picture.hand.forEach((face, index) => {
    const item = document.createElement("li");
    const choose = button("", () => pressKey("return", false, false, face.card),
      face.label, `card-${face.card}`);
    choose.append(cardFace(face));
    if (face.tag) {
      // "new": passed to you (until the first trick is complete), said after
      // the card's name as its description. Beside the card's face, not in it:
      // a card that may not be played is dimmed, its tag never.
      const id = `tag-hand-${face.card}`;
      choose.append(cardTag(face, id));
      choose.setAttribute("aria-describedby", id);
    }
    if (!face.playable) {
      choose.classList.add("dim");
      // Said by screen readers ("unavailable"), as the arrow keys say "not
      // playable"; Enter on it still answers why.
      choose.setAttribute("aria-disabled", "true");
    }
    if (face.chosen) choose.classList.add("chosen");
    // While choosing cards to pass, each card is a toggle: chosen or not (its
    // name stays the card's, the state is the screen reader's to say).
    if (picture.passing) choose.setAttribute("aria-pressed", String(Boolean(face.chosen)));
    if (index === picture.focus) {
      choose.classList.add("focus");
      choose.setAttribute("aria-current", "true");
    }
    item.append(choose);
    hand.append(item);
  });
}

// --- keys -------------------------------------------------------------------------

function pressKey(key, ctrl, shift, card) {
  const message = { type: "key", key, ctrl, shift };
  if (card) message.card = card;
  send(message);
}

function keyName(event) {
  if (KEY_NAMES[event.key]) return KEY_NAMES[event.key];
  if (/^F\d{1,2}$/.test(event.key)) return event.key.toLowerCase();
  if (event.key.length === 1) return event.key.toLowerCase();
  return null;
}

// Ctrl's chords the game gives a meaning (no undo online, the speech rate's is
// the screen reader's: each is answered); every other Ctrl chord stays the
// browser's (find, address bar, zoom...).
const GAME_CTRL_KEYS = new Set(["z", "up", "down"]);

function onBoardKey(event) {
  if (event.altKey || event.metaKey) return;
  const key = keyName(event);
  if (!key) return;
  if (event.ctrlKey && !GAME_CTRL_KEYS.has(key)) return;
  // A spectator has no cards to move between: Tab and Shift+Tab are the
  // browser's, on to the page's buttons (it only said "only the players can do
  // that", and Escape alone got out).
  if (key === "tab" && state.screen?.is_watching) return;
  if (event.repeat && performance.now() - state.lastKeyAt < REPEAT_MS) {
    event.preventDefault();
    return;
  }
  state.lastKeyAt = performance.now();
  event.preventDefault();
  if (key === "escape" && state.screen?.picture?.asking) {
    // The host's "Start another game at this table?" is open: Escape is its N,
    // as in the game (the server says the game stays as it is); a second Escape
    // goes to the buttons.
    pressKey(key, false, false, null);
    return;
  }
  if (key === "escape") {
    // To the page's buttons: a free seat a spectator may take first, if any
    // ("Escape, then Sit in seat 2", as the game's menu offers it).
    const seat = $("free-seats").hidden ? null : $("free-seats").querySelector("button");
    (seat || $("questions").querySelector("button")).focus();
    return;
  }
  if (!event.ctrlKey && pageKey(key === "f5" ? "a" : key)) return;
  const shift = event.shiftKey && key.length > 1;
  pressKey(key, event.ctrlKey, shift, null);
}

// The keys the page answers itself, on every screen (the card table's F5 is A
// there): true if ``key`` was one of them.
function pageKey(key) {
  switch (key) {
    case "'":
      if (!$("chat-form").hidden) $("chat").focus();
      return true;
    case "o":
      toggleSound();
      return true;
    case "a":
      sayAside(state.lastLine || word("no_more"));
      return true;
    case "page up":
      walkHistory(-1);
      return true;
    case "page down":
      walkHistory(1);
      return true;
    default:
      return false;
  }
}

// Off the card table (the lobby, the waiting room, the table's buttons), the
// same keys; not in a field being typed in or chosen from, where they are text.
function onPageKey(event) {
  if (event.defaultPrevented || event.altKey || event.metaKey || event.ctrlKey) return;
  const key = keyName(event);
  if (!$("leave-question").hidden && $("leave-question").contains(event.target)) {
    // The leave question is modal: its keys, and the focus kept in it.
    if (leaveQuestionKey(key, event.shiftKey, event.target)) event.preventDefault();
    return;
  }
  if (key === "f1" && !$("board").contains(event.target)) {
    // Off the card table (whose F1 the game answers), in a field too: what this
    // screen holds and the page's own keys. It was silent, and the browser's
    // own F1 opened its help, away from the game.
    event.preventDefault();
    sayAside(screenHelp());
    return;
  }
  if (key === "escape" && (!state.place || state.place === "join")
    && !$("join").hidden) {
    // Nothing to close on the join form: what it is for (it was silent).
    event.preventDefault();
    sayAside(screenHelp());
    return;
  }
  if ($("messages").hidden || $("board").contains(event.target)) return;
  if (key === "escape" && state.place === "waiting" && state.screen?.after_game
    && !event.target.closest?.("input, textarea, [contenteditable]")) {
    // The waiting room the host opened from the finished game's results (to
    // fill a seat someone left): Escape goes back to them, as the game's does,
    // from a seat's list of computer players too (where the focus starts).
    event.preventDefault();
    pressKey(key, false, false, null);
    return;
  }
  if (event.target.closest?.("input, select, textarea, [contenteditable]")) return;
  if (key === "escape" && state.place === "table") {
    // Back to the card table from the table's buttons, its hand or the
    // messages, as the card table's Escape came to the buttons (and the chat
    // line's goes back). It was silent here: from Scores the way back was
    // Shift+Tab across every card of the hand.
    event.preventDefault();
    $("board").focus();
    return;
  }
  if (key === "escape" && (state.place === "lobby" || state.place === "waiting")) {
    // Nothing to close here: said, as the game answers every key (it was silent).
    event.preventDefault();
    const text = state.place === "lobby" ? word("escape_lobby")
      : word("escape_waiting").replace("{leave}", () => word("leave"));
    nothingToClose.toldAt = sayEachTime(text, nothingToClose.toldAt);
    return;
  }
  const heading = event.target.id === HOME.lobby || event.target.id === HOME.waiting;
  if (heading && (key === "return" || key === "space")) {
    // The screen's heading, where the page puts the focus: a second Enter on
    // Connect landed here, and nothing was said.
    event.preventDefault();
    const text = word("heading_enter")
      .replace("{heading}", () => event.target.textContent);
    onHeading.toldAt = sayEachTime(text, onHeading.toldAt);
    return;
  }
  if (key && key !== "f5" && pageKey(key)) {
    event.preventDefault();
    return;
  }
  if (key && key.length === 1) {
    // A key that types a character and does nothing here (Y, S or K in the
    // waiting room was met with silence): said so, as the card table says it.
    const text = word("key_nothing")
      .replace("{key}", () => keyLabel(key))
      .replace("{help}", () => keyLabel("f1"));
    nothingHere.toldAt = sayEachTime(text, nothingHere.toldAt);
  }
}

// A key's name as the game says it ("Comma", "F1"), by the page's key name.
function keyLabel(key) {
  return state.keyNames[key] || key.toUpperCase();
}

// F1's words off the card table, for the screen shown.
function screenHelp() {
  const names = {
    connect: word("connect"), join: word("join"), watch: word("watch"),
    create: word("create"), code: word("table_code"), start: word("start"),
    leave: word("leave"),
  };
  const fill = (text) => text.replace(/\{(\w+)\}/g, (all, name) => names[name] ?? all);
  const place = state.place || "join";
  if (place === "join") return fill(word("help_join"));
  const first = place === "table" ? word("board_help") : fill(word(`help_${place}`));
  // In the waiting room, where one waits first (the table, its rules, a
  // private table's code), as the game's F1 says it there.
  const where = place === "waiting" ? state.screen?.about || "" : "";
  return [where, first, word("page_keys")].filter((part) => part).join(" ");
}

const nothingToClose = { toldAt: -Infinity };
const nothingHere = { toldAt: -Infinity };
// How long a computer player's choice rests before what they are like is said.
const ABOUT_PAUSE_MS = 700;
const onHeading = { toldAt: -Infinity };

// --- start --------------------------------------------------------------------------

// In a game under way a computer player takes the seat: leaving is asked first
// (not by a spectator, who gives up no seat, nor once the game is over).
function leaveIsAsked() {
  return state.place === "table" && !state.screen?.picture?.over
    && !state.screen?.is_watching;
}

function leave() {
  if (leaveIsAsked()) {
    askToLeave();
    return;
  }
  sendLeave();
}

// The leave question, asked on the page: the browser's own box (confirm) stopped
// the page while it was open, and a chat line said to the player meanwhile came
// only once it was answered, with every other. The page goes on under it, as the
// game goes on under its "Leave the table?". The focus starts on No (Escape too):
// a stray Enter never leaves. Answered, the focus goes back where it was.
const leaveQuestion = { back: null };

function askToLeave() {
  $("leave-question-text").textContent = leaveQuestionText();
  const box = $("leave-question");
  if (box.hidden) {
    const active = document.activeElement;
    leaveQuestion.back = active && active !== document.body ? active : null;
    box.hidden = false;
  }
  $("leave-no").focus();
}

// The question in the game's words, its keys named as the page names them. The
// only person seated closes the table by leaving: no computer player takes the
// seat, and the game ends with it (the words say so).
function leaveQuestionText() {
  const question = state.screen?.is_last ? "leave_confirm_last" : "leave_confirm";
  return word(question)
    .replace("{yes}", () => keyLabel("y"))
    .replace("{no}", () => keyLabel("n"));
}

// A key in the leave question, as the game's "Leave the table?" answers it: Y
// leaves, N or Escape stays, F1 says the question and its keys, any other
// character asks it again; the page's keys that only say something (A, O, the
// messages) are answered. Tab and Shift+Tab go round its two buttons, Enter
// and Space press them. True if the key was answered here.
function leaveQuestionKey(key, shift, target) {
  switch (key) {
    case "y":
      closeLeaveQuestion(true);
      sendLeave();
      return true;
    case "n":
    case "escape":
      closeLeaveQuestion(true);
      return true;
    case "f1": {
      const keys = word("leave_keys")
        .replace("{no}", () => keyLabel("n"))
        .replace("{yes_button}", () => word("leave_yes"))
        .replace("{no_button}", () => word("leave_no"));
      sayAside(`${leaveQuestionText()} ${keys}`);
      return true;
    }
    case "tab": {
      const [first, last] = [$("leave-yes"), $("leave-no")];
      if (shift && target !== last) last.focus();
      else if (!shift && target !== first) first.focus();
      else return false; // the browser's own move, to the other button
      return true;
    }
    default:
      break;
  }
  if (key && key !== "'" && pageKey(key)) return true;
  if (key && key.length === 1) {
    sayAside(leaveQuestionText());
    return true;
  }
  return false;
}

// The leave question open as the table changes under it. The game ended: it is
// closed (leaving loses nothing then, and is not asked), and said so. Asked of
// someone no longer the only person seated, or now the only one: its words
// change, and are said.
function reviewLeaveQuestion() {
  if ($("leave-question").hidden) return;
  if (!leaveIsAsked()) {
    const over = Boolean(state.screen?.picture?.over);
    closeLeaveQuestion(true);
    const text = word("leave_over").replace("{leave}", () => word("leave"));
    if (over) announce(text, false, null);
    return;
  }
  const text = leaveQuestionText();
  if ($("leave-question-text").textContent === text) return;
  $("leave-question-text").textContent = text;
  announce(text, false, null);
}

// The question closed; ``refocus``: the focus back where it was before it.
function closeLeaveQuestion(refocus) {
  const box = $("leave-question");
  if (box.hidden) return;
  box.hidden = true;
  const back = leaveQuestion.back;
  leaveQuestion.back = null;
  if (refocus) (back && back.offsetParent !== null ? back : $("board")).focus();
}

function sendLeave() {
  // From the waiting room nothing is lost; should the host start the game before
  // the server reads this, it keeps the seat (a computer player would take it)
  // and says so, and the page stays at the table.
  const message = { type: "leave" };
  if (state.place === "waiting" && !state.screen?.is_watching) {
    message.before_start = true;
  }
  send(message);
}

// The waiting room's Leave crossed the host's start: the server kept the seat,
// and the page, at the table now, asks the game's question at once (as the game
// does), so the player decides again without hunting for the button. After the
// lines of that moment ("you are still in your seat") have reached the page.
function leaveAgain() {
  state.leaveRefused = false;
  setTimeout(() => {
    if (leaveIsAsked()) leave();
  }, 0);
}

function start() {
  const saved = localStorage.getItem("audiospades-language");
  const browser = (navigator.language || "en").slice(0, 2);
  const choice = [saved, browser, "en"].find(
    (lang) => lang && $("language").querySelector(`option[value="${lang}"]`));
  $("language").value = choice;
  drawShapes();
  loadWords(choice);
  $("name").value = localStorage.getItem("audiospades-name") || "";
  $("language").addEventListener("change", () => loadWords($("language").value));
  $("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    const language = $("language").value;
    // The forms say what is missing in the page's own voice (and keep it in the
    // messages), not in the browser's bubble: they are "novalidate".
    if (!name) {
      joinStatus(word("name_needed"), true);
      $("name").focus();
      return;
    }
    localStorage.setItem("audiospades-name", name);
    localStorage.setItem("audiospades-language", language);
    // The page's own words in the language chosen: fetched when it was chosen,
    // but with the server down then (restarting) that failed, and the page
    // spoke English beside the game's French. Fetched again before connecting.
    if (state.language !== language) await loadWords(language);
    connect(name, language);
  });
  $("create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("table-name").value.trim();
    const rules = $("short-game").checked
      ? { preset: "pagat", target_score: null, hand_limit: 1 }
      : { preset: "pagat" };
    const secret = $("private").checked;
    const [count, kind] = $("players").value.split("-");
    if (!name || UNPRINTABLE.test(name)) {
      announce(word(name ? "unprintable" : "name_needed"), true, null);
      $("table-name").focus();
      return;
    }
    state.creating = send({
      type: "create_table", name, rules, private: secret,
      players: Number(count), partnerships: kind === "partners",
    });
  });
  $("refresh").addEventListener("click", () => send({ type: "list_tables" }));
  // The answer comes worded, as a message (who else is here, and where).
  $("who-online").addEventListener("click", () => send({ type: "who_is_online" }));
  $("code-form").addEventListener("submit", (event) => {
    event.preventDefault();
    // Codes are spoken spaced out ("K 7 Q"); typed either way.
    const code = $("table-code").value.replace(/\s+/g, "");
    if (!/^[A-Za-z0-9]+$/.test(code)) {
      announce(word("bad_code"), true, null);
      $("table-code").focus();
      return;
    }
    // The table's seats and chairs first, to choose from (drawFound); a table
    // found before is no longer the one asked for.
    $("found").replaceChildren();
    $("found").hidden = true;
    state.findAsked = send({ type: "find_table", code });
  });
  $("start").addEventListener("click", () => send({ type: "start_game" }));
  // After the game: asked first, as Enter on the card table asks it ("Start
  // another game at this table...? Y starts, N stays."), and answered there.
  $("again").addEventListener("click", () => {
    pressKey("return", false, false, null);
    $("board").focus();
  });
  for (const element of document.querySelectorAll(".leave")) {
    element.addEventListener("click", leave);
  }
  $("leave-yes").addEventListener("click", () => {
    closeLeaveQuestion(true);
    sendLeave();
  });
  $("leave-no").addEventListener("click", () => closeLeaveQuestion(true));
  for (const element of $("questions").querySelectorAll("[data-key]")) {
    element.addEventListener("click", () => pressKey(element.dataset.key, false, false, null));
  }
  $("sound-toggle").addEventListener("click", toggleSound);
  $("board").addEventListener("keydown", onBoardKey);
  document.addEventListener("keydown", onPageKey);
  window.addEventListener("pagehide", onPageHide);
  window.addEventListener("pageshow", onPageShow);
  document.addEventListener("keydown", onFieldKey);
  document.addEventListener("paste", onFieldPaste);
  $("chat").addEventListener("keydown", (event) => {
    // Escape leaves the chat line, back to the card table or the place's heading.
    if (event.key !== "Escape" || !state.place || state.place === "join") return;
    event.preventDefault();
    $(HOME[state.place]).focus();
  });
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat").value.trim();
    if (UNPRINTABLE.test(text)) {
      announce(word("unprintable"), true, null);
      return;
    }
    // A line held back (the link down, or too fast: each said so) stays in the
    // field, with the focus, for Enter to send again; it was erased unsent.
    const to = $("chat-to").value;
    if (text && !send(to ? { type: "chat", text, to } : { type: "chat", text })) return;
    // An empty line: said, as the game says it (Enter was met with silence).
    if (!text) emptyChat.toldAt = sayEachTime(word("nothing_sent"), emptyChat.toldAt);
    $("chat").value = "";
    state.chatSent = true;
    if (state.place === "table") $("board").focus();
  });
  $("chat").addEventListener("input", () => { state.chatSent = false; });
  $("chat").addEventListener("focus", () => { state.chatSent = false; });
}

start();
