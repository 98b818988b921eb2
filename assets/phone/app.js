// The phone page: one seat's private view of the game, served by the game itself.
// It renders whatever the game publishes for this seat (a generic view), shows the open
// question as big buttons (or a Roll button), and sends back {type, ticket, choice}.
// Text is only ever set with textContent: nothing a player typed becomes markup.
"use strict";

const $ = (id) => document.getElementById(id);
const CLOSE_IDLE = 4000, CLOSE_TAKEN_OVER = 4001, CLOSE_STOPPING = 4002, CLOSE_RELEASED = 4003,
  CLOSE_PIN = 4004;

const page = {
  ws: null,
  ticket: null,      // the open question's ticket
  status: "",        // the view's own status line (the header says "Your move" instead
  yourTurn: false,   //   while a question is open)
  audio: null,       // the chime's AudioContext, once a tap allowed sound
  wake: null,        // the screen wake lock, while held
  retry: 0,          // reconnect attempts since the last good connection
  final: false,      // taken over or game over: do not reconnect
  pinger: null,
};

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function setNotice(text) {
  $("notice").textContent = text || "";
  $("notice").hidden = !text;
}

function setColour(colour) {
  if (typeof colour === "string" && /^#[0-9a-fA-F]{6}$/.test(colour)) {
    document.documentElement.style.setProperty("--seat", colour);
    document.querySelector('meta[name="theme-color"]').setAttribute("content", colour);
  }
}

// --- rendering ---------------------------------------------------------------------
function renderSeat(name, colour) {
  $("name").textContent = name || "";
  setColour(colour);
}

// The header says "Your move" whenever this phone is asking (a card window, a die of
// its own), else what the view says ("Bo's move").
function renderStatus() {
  const asking = page.ticket !== null;
  $("status").textContent = asking ? "Your move" : page.status;
  document.body.classList.toggle("my-turn", asking || page.yourTurn);
}

function renderView(view) {
  if (!view || typeof view !== "object") return;
  page.status = view.status || "";
  page.yourTurn = !!view.your_turn;
  renderStatus();
  renderResults(view.results);

  const stats = $("stats");
  stats.replaceChildren();
  for (const s of view.stats || []) {
    const box = el("div", /\s/.test(String(s.value)) ? "stat words" : "stat");
    box.append(el("span", "label", s.label), el("span", "value", s.value));
    stats.append(box);
  }

  const hand = view.hand || [];
  $("hand-box").hidden = hand.length === 0 && !view.show_empty_hand;
  $("hand").replaceChildren(...hand.map((card) => {
    const box = el("div", "card");
    box.append(el("div", "title", card.title));
    if (card.text) box.append(el("div", "text", card.text));
    return box;
  }));
  if (!hand.length) $("hand").append(el("p", "hint", "No cards yet: you draw them in the game."));

  renderTable(view.table, view.seat);

  const log = view.log || [];
  $("log-box").hidden = log.length === 0;
  $("log").replaceChildren(...log.slice(-30).reverse().map((line) => el("li", "", line)));
}

// The public table, the same on every phone (made from the rules' public observation):
// whose turn it is, then each company (or player) in seat order, one's own marked.
function renderTable(table, seat) {
  $("table-box").hidden = !table;
  if (!table) return;
  $("table-turn").textContent = [table.whose, table.turn].filter(Boolean).join(" · ");
  const facts = table.game === "startupfever"
    ? [`Year ${table.year || "set-up"}`, `Bank ${table.bank}`, `Deck ${table.deck}`]
    : [`CEO bonus ${table.pot}`];
  $("table-facts").textContent = facts.join(" · ");
  const rows = table.companies || table.players || [];
  $("table-rows").replaceChildren(...rows.map((row, i) => {
    const box = el("div", i === seat ? "row you" : "row");
    const head = el("div", "head");
    head.append(el("span", "who", row.name));
    if (table.game === "startupfever") {
      head.append(el("span", "num", `${row.money} · ${row.vp} VP · ${row.cards} cards`));
      box.append(head);
      const list = el("div", "products");
      for (const p of row.products) {
        const chip = el("span", p.launched ? "product launched" : "product");
        chip.append(el("b", "", p.slot), el("span", "", ` ${p.category} · ${p.users}`));
        chip.title = `${p.staff}${p.order ? " · plays " + p.order : ""}`;
        list.append(chip);
      }
      box.append(list);
    } else {
      head.append(el("span", "num", `${row.cash} · ${row.servers} servers`));
      box.append(head, el("div", "sub", `Square ${row.square} · worth ${row.worth}` +
        (row.finished ? " · finished" : "")));
    }
    return box;
  }));
}

// The game's results: the ranking, this seat's line marked.
function renderResults(results) {
  $("results").hidden = !results;
  if (!results) return;
  $("results-head").textContent = results.headline || "Game over";
  $("ranking").replaceChildren(...(results.ranking || []).map((row) => {
    const item = el("li", row.you ? "you" : "");
    item.append(el("span", "place", row.place), el("span", "who", row.name),
      el("span", "score", row.score));
    if (row.detail) item.append(el("span", "detail", row.detail));
    return item;
  }));
}

function renderQuestion(ticket, q) {
  page.ticket = q ? ticket : null;
  renderStatus();
  $("question").hidden = !q;
  $("options").replaceChildren();
  $("roll").hidden = $("roll-hint").hidden = true;
  $("how").hidden = !(q && q.how);
  $("undo").hidden = !(q && q.undo);
  if (!q) return;
  if (q.undo) {  // "Take back: hire Nerd for B": this seat's own last step, undone
    $("undo").textContent = q.undo.label;
    $("undo").disabled = false;
  }
  $("prompt").textContent = q.prompt || "Your move";
  $("how").textContent = q.how || "";
  $("window-tag").hidden = !q.window;
  if (q.kind === "roll") {
    $("roll").textContent = (q.options[0] && q.options[0].label) || "Roll";
    $("roll").hidden = $("roll-hint").hidden = false;
    $("roll").disabled = false;
  } else {
    renderChoices(q.options || []);
  }
}

// A long question (Startup Fever's manage step lists up to ~50 actions) is shown by
// group: a heading per group, tapped to open or close; a group of at most OPEN_MAX
// options (or the only group) starts open. The options that end a step or decline
// ("pin") come last, kept in sight at the bottom of the screen. Short questions stay
// one plain list. Whatever is shown, a tap answers with the option's own id.
// Three or more targets of at most GRID_LABEL letters ("A", "12") make a grid.
const FLAT_MAX = 6, OPEN_MAX = 6, GRID_LABEL = 4, GRID_LEAST = 3;

// An option with an amount (a poach offer): − / + walk from its least to its most, the
// note under it says what that amount does, and the button answers "id:amount".
function stepper(option, text) {
  const a = option.amount, box = el("div", "stepper");
  const unit = a.unit || "", shown = (v) => unit + Number(v).toLocaleString("en-US");
  let value = a.min;
  box.append(el("span", "label", text));
  if (option.text) box.append(el("span", "text", option.text));
  const row = el("div", "row"), less = el("button", "step", "−"), more = el("button", "step", "+");
  const amount = el("span", "amount"), go = el("button", "go primary");
  less.type = more.type = go.type = "button";
  less.setAttribute("aria-label", "less");
  more.setAttribute("aria-label", "more");
  const note = el("span", "note");
  const show = () => {
    amount.textContent = shown(value);
    go.textContent = `${a.verb || "Choose"} ${shown(value)}`;
    less.disabled = value <= a.min;
    more.disabled = value >= a.max;
    const said = (a.notes || []).find((n) => value <= n.upto);
    note.textContent = said ? said.text : "";
  };
  less.addEventListener("click", () => { value = Math.max(a.min, value - 1); show(); });
  more.addEventListener("click", () => { value = Math.min(a.max, value + 1); show(); });
  go.addEventListener("click", () => answer(`${option.id}:${value}`, go));
  row.append(less, amount, more, go);
  box.append(row, note);
  show();
  return box;
}

function optionButton(option, text, withText) {
  if (option.amount) return stepper(option, text);
  const button = el("button");
  button.type = "button";
  button.append(el("span", "label", text));
  if (text !== option.label) button.setAttribute("aria-label", option.label);
  if (withText && option.text) button.append(el("span", "text", option.text));
  button.addEventListener("click", () => answer(option.id, button));
  return button;
}

function renderChoices(options) {
  const box = $("options");
  box.classList.remove("grouped");
  if (options.length <= FLAT_MAX || !options.some((o) => o.group)) {
    for (const option of options) box.append(optionButton(option, option.label, true));
    return;
  }
  box.classList.add("grouped");
  const groups = new Map(), pinned = [];
  for (const option of options) {
    if (option.pin) { pinned.push(option); continue; }
    const name = String(option.group || "Other");
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(option);
  }
  for (const [name, members] of groups) {
    const group = el("details", "group");
    group.open = groups.size === 1 || members.length <= OPEN_MAX;
    const heading = el("summary");
    heading.append(el("span", "name", name), el("span", "count", members.length));
    group.append(heading);
    const texts = new Set(members.map((o) => o.text || ""));
    const shared = texts.size === 1 ? [...texts][0] : "";  // a card's effect, said once
    if (shared) group.append(el("p", "note", shared));
    const grid = members.length >= GRID_LEAST && (shared || members.every((o) => !o.text)) &&
      members.every((o) => o.short && String(o.short).length <= GRID_LABEL);
    const list = el("div", grid ? "grid" : "list");
    for (const o of members) list.append(optionButton(o, o.short || o.label, !shared));
    group.append(list);
    box.append(group);
  }
  if (pinned.length) {
    const bar = el("div", "pinned");
    for (const option of pinned) bar.append(optionButton(option, option.label, true));
    box.append(bar);
  }
}

function answer(choice, button) {
  if (page.ticket === null || !page.ws || page.ws.readyState !== WebSocket.OPEN) return;
  for (const b of $("options").querySelectorAll("button")) b.disabled = true;
  $("undo").disabled = true;
  if (button) button.classList.add("picked");
  page.ws.send(JSON.stringify({ type: "answer", ticket: page.ticket, choice: choice }));
}

// A question arrived: a buzz where the phone can vibrate; elsewhere (iPhones) a short
// chime and a flash of the seat's colour.
function buzz() {
  if (navigator.vibrate && navigator.vibrate([90, 60, 90])) return;
  chime();
  document.body.classList.remove("flash");
  void document.body.offsetWidth;  // restart the animation
  document.body.classList.add("flash");
}

function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    page.audio = page.audio || new Context();
    const ctx = page.audio, now = ctx.currentTime;
    if (ctx.state === "suspended") ctx.resume();
    const tone = ctx.createOscillator(), gain = ctx.createGain();
    tone.frequency.setValueAtTime(880, now);
    tone.frequency.setValueAtTime(1320, now + 0.09);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.25, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
    tone.connect(gain).connect(ctx.destination);
    tone.start(now);
    tone.stop(now + 0.26);
  } catch (e) { /* no sound: the flash still shows */ }
}

// The screen stays on while the page is open (the Screen Wake Lock API where present);
// the lock is dropped by the browser when the page is hidden, so it is taken again.
async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  if (page.wake && !page.wake.released) return;
  try { page.wake = await navigator.wakeLock.request("screen"); } catch (e) { page.wake = null; }
}

// Sounds may only start after a tap: the first one unlocks them for the chime.
function unlockSound() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (Context && !page.audio) { try { page.audio = new Context(); } catch (e) { /* none */ } }
  keepAwake();
}

// --- the Roll button: hold to shake, let go to roll -----------------------------------
function setupRoll() {
  const roll = $("roll");
  let held = false;
  const start = (event) => {
    event.preventDefault();
    if (page.ticket === null) return;
    held = true;
    roll.classList.add("shaking");
    if (navigator.vibrate) navigator.vibrate(40);
  };
  const release = (event) => {
    event.preventDefault();
    if (!held) return;
    held = false;
    roll.classList.remove("shaking");
    roll.disabled = true;
    const q = page.question;
    answer(q && q.options[0] ? q.options[0].id : "roll", null);
  };
  roll.addEventListener("pointerdown", start);
  roll.addEventListener("pointerup", release);
  roll.addEventListener("pointerleave", release);
  roll.addEventListener("pointercancel", () => { held = false; roll.classList.remove("shaking"); });
  roll.addEventListener("contextmenu", (event) => event.preventDefault());
}

// --- the connection ------------------------------------------------------------------
function onMessage(text) {
  let msg;
  try { msg = JSON.parse(text); } catch (e) { return; }
  switch (msg.type) {
    case "pin":
      askPin(page.token, msg);
      break;
    case "state":
      if (msg.watch) {
        renderSeat("Watching", null);
        document.body.classList.add("watching");
        renderView(msg.view);
        break;
      }
      renderSeat(msg.name, msg.colour);
      if (msg.pin) {
        storePin(page.token, msg.pin);
        $("pin").textContent = `PIN ${msg.pin}`;
        $("pin").hidden = false;
      }
      renderView(msg.view);
      page.question = msg.question;
      renderQuestion(msg.ticket, msg.question);
      break;
    case "view":
      renderView(msg.view);
      break;
    case "ask":
      page.question = msg.question;
      renderQuestion(msg.ticket, msg.question);
      buzz();
      break;
    case "withdraw":
    case "accepted":
      if (msg.ticket === page.ticket) { page.question = null; renderQuestion(null, null); }
      break;
    case "refused":
      // a stale answer: ask the game for the current state again
      send({ type: "resync" });
      break;
    case "public":
      if (msg.event && msg.event.text) {
        $("log-box").hidden = false;
        $("log").prepend(el("li", "", msg.event.text));
      }
      break;
    case "taken_over":
      page.final = true;
      setNotice("This seat was opened on another phone. Close this page.");
      break;
    case "released":
      page.final = true;
      setNotice("You left this seat. Scan the code on the TV to join again.");
      break;
  }
}

function send(msg) {
  if (page.ws && page.ws.readyState === WebSocket.OPEN) page.ws.send(JSON.stringify(msg));
}

// A seat's PIN, kept on this phone (a reload or a reconnect needs nothing more).
const pinKey = (token) => `pin:${token}`;
function storedPin(token) {
  try { return localStorage.getItem(pinKey(token)) || ""; } catch (e) { return ""; }
}
function storePin(token, pin) {
  try { localStorage.setItem(pinKey(token), pin); } catch (e) { /* private mode */ }
}

// The seat is held by another phone: its PIN (shown on that phone) opens it here.
function askPin(token, msg) {
  page.final = true;
  renderSeat(msg.name, msg.colour);
  $("pin-box").hidden = false;
  $("pin-error").hidden = !(msg.problem === "locked" || storedPin(token));  // a PIN tried
  $("pin-error").textContent = msg.problem === "locked"
    ? "Too many wrong PINs: wait a minute and try again." : "That PIN is not this seat's.";
  if (!$("pin-go").dataset.ready) {
    $("pin-go").dataset.ready = "1";
    $("pin-go").addEventListener("click", () => {
      storePin(token, $("pin-input").value.trim());
      $("pin-box").hidden = true;
      page.final = false;
      connect(token);
    });
  }
}

function connect(token, watch) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const pin = watch ? "" : storedPin(token);
  const query = pin ? `?pin=${encodeURIComponent(pin)}` : "";
  const path = watch ? "ws-watch" : "ws";
  const ws = new WebSocket(`${scheme}//${location.host}/${path}/${encodeURIComponent(token)}${query}`);
  page.token = token;
  page.ws = ws;
  ws.addEventListener("open", () => {
    page.retry = 0;
    setNotice("");
    clearInterval(page.pinger);
    page.pinger = setInterval(() => send({ type: "ping" }), 20000);
  });
  ws.addEventListener("message", (event) => onMessage(event.data));
  ws.addEventListener("close", (event) => {
    clearInterval(page.pinger);
    if (page.ws !== ws) return;
    if (event.code === CLOSE_TAKEN_OVER || event.code === CLOSE_RELEASED ||
        event.code === CLOSE_PIN) page.final = true;
    if (event.code === CLOSE_STOPPING) {
      page.final = true;
      setNotice("The game has ended. Thanks for playing!");
    }
    if (page.final) { renderQuestion(null, null); return; }
    setNotice(page.retry < 4 ? "Connection lost — reconnecting…"
      : "Can't reach the game. Is this phone on the TV's Wi-Fi? Still trying…");
    const wait = Math.min(5000, 500 * 2 ** page.retry++);
    setTimeout(() => connect(token, watch), wait);
  });
}

// --- the lobby: pick a free seat, a name and a colour ------------------------------------
// "Just watch": the audience's page (the public table, nothing to answer).
function watchButton(id, code) {
  $(id).hidden = false;
  $(id).addEventListener("click", () => location.replace(`/w/${encodeURIComponent(code)}`));
}

async function lobby(code) {
  $("lobby").hidden = false;
  watchButton("lobby-watch", code);
  $("status").textContent = "Lobby";
  const chosen = { seat: null, colour: null };
  const refresh = () => {
    $("lobby-join").disabled = chosen.seat === null || chosen.colour === null ||
      !$("lobby-name").value.trim();
  };
  let data;
  try {
    const response = await fetch(`/api/lobby/${encodeURIComponent(code)}`, { cache: "no-store" });
    if (!response.ok) throw new Error(String(response.status));
    data = await response.json();
  } catch (e) {
    setNotice("The lobby is closed. Scan the code on the TV again.");
    return;
  }
  if (!data.seats.length) setNotice("No free seat right now.");
  for (const seat of data.seats) {
    const button = el("button");
    button.type = "button";
    button.append(el("span", "label", seat.label || `Seat ${seat.seat + 1}`),
      el("span", "text", seat.name));
    button.addEventListener("click", () => {
      chosen.seat = seat.seat;
      for (const b of $("lobby-seats").children) b.classList.toggle("picked", b === button);
      if (seat.keep_name || !$("lobby-name").value) $("lobby-name").value = seat.name;
      if (seat.colour) pickColour(seat.colour);
      refresh();
    });
    $("lobby-seats").append(button);
  }
  // the free colours, and each offered seat's own (a seat keeps its colour if you like)
  const colours = [...data.colours];
  for (const seat of data.seats) {
    if (seat.colour && !colours.includes(seat.colour)) colours.push(seat.colour);
  }
  const pickColour = (colour) => {
    chosen.colour = colour;
    setColour(colour);
    for (const b of $("lobby-colours").children) {
      b.classList.toggle("picked", b.getAttribute("aria-label") === colour);
    }
    refresh();
  };
  for (const colour of colours) {
    const swatch = el("button");
    swatch.type = "button";
    swatch.setAttribute("aria-label", colour);
    swatch.style.background = colour;
    swatch.addEventListener("click", () => pickColour(colour));
    $("lobby-colours").append(swatch);
  }
  $("lobby-name").addEventListener("input", refresh);
  $("lobby-join").addEventListener("click", async () => {
    $("lobby-join").disabled = true;
    const body = { seat: chosen.seat, name: $("lobby-name").value.trim(), colour: chosen.colour };
    const response = await fetch(`/api/lobby/${encodeURIComponent(code)}/claim`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    if (response.ok) {
      location.replace((await response.json()).url);
    } else {
      let reason = "";
      try { reason = (await response.json()).reason || ""; } catch (e) { /* no body */ }
      $("lobby-error").hidden = false;
      $("lobby-error").textContent = response.status === 409
        ? "Someone just took that seat. Pick another." : reason || "Check your name and colour.";
      refresh();
    }
  });
}

// --- back to one's own seat during a game: the seat and its PIN ------------------------------
async function back(code) {
  $("back").hidden = false;
  watchButton("back-watch", code);
  $("status").textContent = "Back to your seat";
  let data;
  try {
    const response = await fetch(`/api/back/${encodeURIComponent(code)}`, { cache: "no-store" });
    if (!response.ok) throw new Error(String(response.status));
    data = await response.json();
  } catch (e) {
    setNotice("The game is not taking phones back now. Ask at the TV.");
    return;
  }
  let chosen = null;
  for (const seat of data.seats) {
    const button = el("button");
    button.type = "button";
    button.append(el("span", "label", seat.name));
    button.style.borderColor = /^#[0-9a-fA-F]{6}$/.test(seat.colour) ? seat.colour : "";
    button.addEventListener("click", () => {
      chosen = seat.seat;
      for (const b of $("back-seats").children) b.classList.toggle("picked", b === button);
      setColour(seat.colour);
      $("back-go").disabled = !$("back-pin").value.trim();
    });
    $("back-seats").append(button);
  }
  $("back-pin").addEventListener("input", () => {
    $("back-go").disabled = chosen === null || !$("back-pin").value.trim();
  });
  $("back-go").addEventListener("click", async () => {
    $("back-go").disabled = true;
    const body = { seat: chosen, pin: $("back-pin").value.trim() };
    const response = await fetch(`/api/back/${encodeURIComponent(code)}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    if (response.ok) {
      const answer = await response.json();
      storePin(answer.url.split("/").pop(), answer.pin);
      location.replace(answer.url);
      return;
    }
    const problem = response.status === 403 ? (await response.json()).error : "";
    $("back-error").hidden = false;
    $("back-error").textContent = problem === "locked"
      ? "Too many wrong PINs: wait a minute and try again."
      : "That PIN is not this seat's. It shows on the seat's phone, under its name.";
    $("back-go").disabled = false;
  });
}

function main() {
  setupRoll();
  keepAwake();
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("pointerdown", unlockSound, { once: true });
  $("undo").addEventListener("click", () => {
    const q = page.question;
    if (q && q.undo) answer(q.undo.id, null);
  });
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "s" && parts[1]) connect(decodeURIComponent(parts[1]));
  else if (parts[0] === "lobby" && parts[1]) lobby(decodeURIComponent(parts[1]));
  else if (parts[0] === "back" && parts[1]) back(decodeURIComponent(parts[1]));
  else if (parts[0] === "w" && parts[1]) connect(decodeURIComponent(parts[1]), true);
  else setNotice("Scan the code on the TV to join.");
}

main();
