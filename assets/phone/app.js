// The phone page: one seat's private view of the game, served by the game itself.
// It renders whatever the game publishes for this seat (a generic view), shows the open
// question as big buttons (or a Roll button), and sends back {type, ticket, choice}.
// Text is only ever set with textContent: nothing a player typed becomes markup.
"use strict";

const $ = (id) => document.getElementById(id);
const CLOSE_IDLE = 4000, CLOSE_TAKEN_OVER = 4001, CLOSE_STOPPING = 4002, CLOSE_RELEASED = 4003;

const page = {
  ws: null,
  ticket: null,      // the open question's ticket
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

function renderView(view) {
  if (!view || typeof view !== "object") return;
  $("status").textContent = view.status || "";
  document.body.classList.toggle("my-turn", !!view.your_turn);

  const stats = $("stats");
  stats.replaceChildren();
  for (const s of view.stats || []) {
    const box = el("div", "stat");
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

  const log = view.log || [];
  $("log-box").hidden = log.length === 0;
  $("log").replaceChildren(...log.slice(-30).reverse().map((line) => el("li", "", line)));
}

function renderQuestion(ticket, q) {
  page.ticket = q ? ticket : null;
  $("question").hidden = !q;
  $("options").replaceChildren();
  $("roll").hidden = $("roll-hint").hidden = true;
  $("undo").hidden = !(q && q.undo);
  if (!q) return;
  if (q.undo) {  // "Take back: hire Nerd for B": this seat's own last step, undone
    $("undo").textContent = q.undo.label;
    $("undo").disabled = false;
  }
  $("prompt").textContent = q.prompt || "Your move";
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

function optionButton(option, text, withText) {
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
    const grid = members.length >= GRID_LEAST &&
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

function buzz() {
  if (navigator.vibrate) navigator.vibrate([90, 60, 90]);
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
    case "state":
      renderSeat(msg.name, msg.colour);
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

function connect(token) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(token)}`);
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
    if (event.code === CLOSE_TAKEN_OVER || event.code === CLOSE_RELEASED) page.final = true;
    if (event.code === CLOSE_STOPPING) {
      page.final = true;
      setNotice("The game has ended. Thanks for playing!");
    }
    if (page.final) { renderQuestion(null, null); return; }
    setNotice(page.retry < 4 ? "Connection lost — reconnecting…"
      : "Can't reach the game. Is this phone on the TV's Wi-Fi? Still trying…");
    const wait = Math.min(5000, 500 * 2 ** page.retry++);
    setTimeout(() => connect(token), wait);
  });
}

// --- the lobby: pick a free seat, a name and a colour ------------------------------------
async function lobby(code) {
  $("lobby").hidden = false;
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
      $("lobby-error").hidden = false;
      $("lobby-error").textContent = response.status === 409
        ? "Someone just took that seat. Pick another." : "Check your name and colour.";
      refresh();
    }
  });
}

function main() {
  setupRoll();
  $("undo").addEventListener("click", () => {
    const q = page.question;
    if (q && q.undo) answer(q.undo.id, null);
  });
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "s" && parts[1]) connect(decodeURIComponent(parts[1]));
  else if (parts[0] === "lobby" && parts[1]) lobby(decodeURIComponent(parts[1]));
  else setNotice("Scan the code on the TV to join.");
}

main();
