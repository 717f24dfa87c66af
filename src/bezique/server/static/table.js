// The table: one WebSocket, every `view` drawn as it comes. Nothing here knows a game:
// the picture is the server's svg, the choices are `legal`, the story is `events`.

import { KIND_WORDS, byId, el, loadTokens, rememberToken, safePath } from "./tokens.js";

const PING_EVERY = 20000;
const FIRST_DELAY = 500;
const MAX_DELAY = 5000;
// Closes after which reconnecting would not help (a bad token, an unknown table, too many
// messages) or would fight another tab for the seat (4001: taken over).
const FINAL_CLOSES = new Set([1008, 1009, 4001]);

const query = new URLSearchParams(window.location.search);
const token = query.get("token") || null;
const tableId = decodeURIComponent(
  (window.location.pathname.match(/\/t\/([^/]+)\/?$/) || [])[1] || query.get("table") || "",
);

let socket = null;
let view = null;        // the latest view
let latestSeq = null;   // the latest seq the server told (view or ack)
let pending = false;    // an action sent, its answer not yet come
let delay = FIRST_DELAY;
let retryTimer = null;
let pingTimer = null;
let connection = "Connecting…"; // shown instead of the turn while not connected
let problem = "";       // the last error, shown until the next action

// -- status line -------------------------------------------------------------------------

function turnText() {
  if (!view) return "";
  if (view.over) return "The match is over.";
  if (view.your_turn) return pending ? "Sent…" : "Your turn.";
  const mover = view.to_move === null || view.to_move === undefined
    ? null : view.players[view.to_move];
  if (!mover) return "";
  return view.seat === null ? `${mover.name} to move.` : `Waiting for ${mover.name}.`;
}

function showStatus() {
  const parts = [problem, connection || turnText()].filter(Boolean);
  byId("status").textContent = parts.join(" — ");
  byId("status").classList.toggle("error", Boolean(problem));
  const mark = view && view.your_turn && !view.over ? "● " : "";
  document.title = `${mark}${view ? view.title : "Bézique"} table`;
}

// -- acting ------------------------------------------------------------------------------

function canAct() {
  return Boolean(view && view.your_turn && !pending && socket
    && socket.readyState === WebSocket.OPEN && latestSeq === view.seq);
}

function act(notation) {
  if (!canAct()) return;
  socket.send(JSON.stringify({ type: "act", seq: view.seq, action: notation }));
  pending = true;
  problem = "";
  enableChoices();
  showStatus();
}

function enableChoices() {
  const enabled = canAct();
  for (const button of byId("actions").querySelectorAll("button")) button.disabled = !enabled;
  byId("board").classList.toggle("waiting", !enabled);
}

// The legal action a card of the picture plays, if any: a card of the viewer's hand, or
// of the viewer's own declared cards when the action plays from the table.
function actionForCard(card, legal, handSeat) {
  const place = card.dataset.place;
  const seatOk = handSeat === undefined || card.dataset.seat === undefined
    || card.dataset.seat === handSeat;
  return legal.find((a) => a.card && a.card === card.dataset.card
    && ((place === "hand" && !a.from_table) || (place === "table" && a.from_table && seatOk)));
}

function renderChoices() {
  const legal = view.your_turn && Array.isArray(view.legal) ? view.legal : [];
  const box = byId("actions");
  box.replaceChildren();
  legal.forEach((action, i) => {
    const button = el("button", null, { type: "button", class: "choice",
      "aria-keyshortcuts": i < 9 ? String(i + 1) : null });
    if (i < 9) button.append(el("kbd", String(i + 1)));
    button.append(el("span", action.label || action.notation));
    button.addEventListener("click", () => act(action.notation));
    box.append(button);
  });
  byId("keys-hint").hidden = legal.length === 0;
  byId("turn").textContent = legal.length || view.over ? "" : turnText();

  const board = byId("board");
  board.classList.toggle("my-turn", legal.length > 0);
  const hand = board.querySelector('g.card[data-place="hand"][data-seat]');
  const handSeat = hand ? hand.dataset.seat : undefined;
  for (const card of board.querySelectorAll("g.card[data-card]")) {
    const action = actionForCard(card, legal, handSeat);
    if (!action) continue;
    card.classList.add("playable");
    card.setAttribute("tabindex", "0");
    card.setAttribute("role", "button");
    card.setAttribute("aria-label", `Play ${action.label || action.notation}`);
    card.addEventListener("click", () => act(action.notation));
    card.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        act(action.notation);
      }
    });
  }
  enableChoices();
}

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || !view) return;
  const target = event.target;
  if (target instanceof Element && target.closest("input, textarea, select, [contenteditable]")) {
    return;
  }
  const legal = view.your_turn && Array.isArray(view.legal) ? view.legal : [];
  if (/^[1-9]$/.test(event.key)) {
    const action = legal[Number(event.key) - 1];
    if (action) {
      event.preventDefault();
      act(action.notation);
    }
  } else if (event.key === "Enter" && legal.length === 1) {
    // A focused button or link does its own thing with Enter.
    if (target instanceof Element && target.closest("button, a")) return;
    event.preventDefault();
    act(legal[0].notation);
  }
});

// -- drawing a view ----------------------------------------------------------------------

function renderPlayers() {
  const list = byId("players");
  list.replaceChildren();
  view.players.forEach((player, i) => {
    const item = el("li", null, { class: "player" });
    if (view.to_move === i && !view.over) {
      item.classList.add("to-move");
      item.setAttribute("aria-current", "true");
    }
    item.append(el("span", player.name, { class: "name" }));
    const notes = [`seat ${i}`, KIND_WORDS[player.kind] || player.kind];
    if (view.seat === i) notes.push("you");
    if (view.to_move === i && !view.over) notes.push("to move");
    item.append(el("span", notes.join(" · "), { class: "muted" }));
    if (player.kind === "human" && typeof player.connected === "boolean") {
      item.append(el("span", player.connected ? "online" : "away",
        { class: player.connected ? "online" : "away" }));
    }
    list.append(item);
  });
}

function renderScores() {
  const box = byId("scores-box");
  const rows = byId("scores");
  rows.replaceChildren();
  box.hidden = !Array.isArray(view.scores);
  if (box.hidden) return;
  view.scores.forEach((score, i) => {
    const name = view.players[i] ? view.players[i].name : `Seat ${i}`;
    const row = el("tr");
    row.append(el("th", name, { scope: "row" }), el("td", score, { class: "num" }));
    rows.append(row);
  });
}

function renderSheet() {
  const sheet = view.sheet;
  const box = byId("sheet-box");
  const deals = sheet && Array.isArray(sheet.deals) ? sheet.deals : [];
  const games = sheet && Array.isArray(sheet.games) ? sheet.games : [];
  box.hidden = deals.length === 0 && games.length === 0;
  const head = byId("sheet-head-row");
  const body = byId("sheet-rows");
  head.replaceChildren();
  body.replaceChildren();
  byId("sheet-games").replaceChildren();
  if (box.hidden) return;
  const labels = Array.isArray(sheet.labels) ? sheet.labels
    : (sheet.totals || []).map((_, i) => `Seat ${i}`);
  const headRow = el("tr");
  headRow.append(el("th", "Deal", { scope: "col" }));
  for (const label of labels) headRow.append(el("th", label, { scope: "col" }));
  headRow.append(el("th", "Notes", { scope: "col" }));
  head.append(headRow);
  for (const deal of deals) {
    const row = el("tr");
    row.append(el("th", deal.deal, { scope: "row" }));
    labels.forEach((_, i) => {
      const cell = el("td", null, { class: "num" });
      cell.append(el("span", (deal.points || [])[i] ?? ""));
      cell.append(el("small", (deal.totals || [])[i] ?? "", { class: "total" }));
      row.append(cell);
    });
    row.append(el("td", (deal.notes || []).join("; "), { class: "notes" }));
    body.append(row);
  }
  const total = el("tr", null, { class: "totals" });
  total.append(el("th", "Total", { scope: "row" }));
  labels.forEach((_, i) => total.append(el("td", (sheet.totals || [])[i] ?? "",
    { class: "num" })));
  total.append(el("td", ""));
  body.append(total);
  games.forEach((game, k) => {
    const winner = labels[game.winner] ?? (game.winner === null ? "nobody" : game.winner);
    const text = `Game ${k + 1}: ${winner} won (${(game.totals || []).join(" – ")}),`
      + ` worth ${game.value}` + ((game.notes || []).length ? `; ${game.notes.join("; ")}` : "");
    byId("sheet-games").append(el("li", text));
  });
}

function renderEvents() {
  const log = byId("events");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  const events = Array.isArray(view.events) ? view.events : [];
  log.replaceChildren(...events.map((line) => el("li", line)));
  if (atBottom || !log.dataset.drawn) log.scrollTop = log.scrollHeight;
  log.dataset.drawn = "1";
}

function renderDeal() {
  byId("deal-no").textContent = `Deal ${view.deal}`;
  byId("commitment").textContent = view.commitment || "";
  const list = byId("revealed");
  list.replaceChildren();
  for (const deal of Array.isArray(view.revealed) ? view.revealed : []) {
    const path = safePath(deal.url);
    if (!path) continue;
    const item = el("li");
    item.append(el("a", `Deal ${deal.deal}: its record`, { href: path, target: "_blank",
      rel: "noopener" }));
    list.append(item);
  }
}

function render() {
  byId("title").textContent = view.title;
  const me = view.seat === null || view.seat === undefined ? null : view.players[view.seat];
  byId("subtitle").textContent = me ? `You are ${me.name}, seat ${view.seat}.`
    : "You are watching.";
  byId("over").hidden = !view.over;
  byId("over").textContent = view.over ? view.summary || "The match is over." : "";
  // The one place server text becomes markup: the svg, built by an XML writer that escapes.
  byId("board").innerHTML = view.svg;
  renderChoices();
  renderPlayers();
  renderScores();
  renderSheet();
  renderEvents();
  renderDeal();
  showStatus();
}

// -- the connection ----------------------------------------------------------------------

function socketUrl() {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  const base = `${scheme}//${window.location.host}/ws/${encodeURIComponent(tableId)}`;
  return token ? `${base}?token=${encodeURIComponent(token)}` : base;
}

function onMessage(event) {
  let message;
  try {
    message = JSON.parse(event.data);
  } catch {
    return;
  }
  if (!message || typeof message !== "object") return;
  if (message.type === "view") {
    view = message;
    latestSeq = message.seq;
    pending = false;
    delay = FIRST_DELAY; // a working connection: the next break starts the backoff afresh
    if (token && message.seat !== null && message.seat !== undefined) {
      rememberToken({ table: message.table, seat: message.seat, token,
        url: `/t/${encodeURIComponent(message.table)}?token=${encodeURIComponent(token)}`,
        game: message.game });
    }
    render();
  } else if (message.type === "ack") {
    latestSeq = message.seq; // the view of that seq follows; act only on it
    pending = false;
    enableChoices();
    showStatus();
  } else if (message.type === "error") {
    problem = typeof message.message === "string" ? message.message : "error";
    pending = false;
    enableChoices();
    showStatus();
  }
}

function connect() {
  clearTimeout(retryTimer);
  const ws = new WebSocket(socketUrl());
  socket = ws;
  ws.addEventListener("open", () => {
    connection = "";
    showStatus();
    clearInterval(pingTimer);
    pingTimer = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
    }, PING_EVERY);
  });
  ws.addEventListener("message", onMessage);
  ws.addEventListener("close", (event) => {
    if (socket !== ws) return;
    clearInterval(pingTimer);
    pending = false;
    if (FINAL_CLOSES.has(event.code)) {
      connection = "Disconnected.";
      showStatus();
      offerReconnect();
    } else {
      connection = "Reconnecting…";
      showStatus();
      retryTimer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, MAX_DELAY);
    }
    enableChoices();
  });
}

function offerReconnect() {
  byId("reconnect").hidden = false;
}

function reconnectNow() {
  byId("reconnect").hidden = true;
  problem = "";
  connection = "Connecting…";
  delay = FIRST_DELAY;
  showStatus();
  connect();
}

function start() {
  byId("reconnect").addEventListener("click", reconnectNow);
  if (!tableId) {
    connection = "";
    problem = "No table given.";
    showStatus();
    return;
  }
  if (token) {
    rememberToken({ table: tableId, token, url: `${window.location.pathname}?token=${
      encodeURIComponent(token)}` });
  } else {
    const mine = loadTokens().find((e) => e.table === tableId && safePath(e.url));
    if (mine) {
      byId("sit-link").href = mine.url;
      byId("sit-link").hidden = false;
    }
  }
  connect();
}

start();
