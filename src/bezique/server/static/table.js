// The table: one WebSocket, a `view` first and then `update`s applied to it, the table
// drawn in the DOM from the view's data. Nothing here knows a game: the seats, hands,
// trick and stock are the view's `board`, the choices are `legal`, the story is `story`.
// Server text only ever becomes text (textContent, attributes), never markup.

import { KIND_WORDS, byId, el, loadTokens, rememberToken, safePath } from "./tokens.js";

const PING_EVERY = 20000;
const FIRST_DELAY = 500;
const MAX_DELAY = 5000;
// Closes after which reconnecting would not help (a bad token, an unknown table, too many
// messages) or would fight another tab for the seat (4001: taken over).
const FINAL_CLOSES = new Set([1008, 1009, 4001]);
// At least this many choices whose labels differ only by a number at the end (bids) make
// one compact control: a list of the numbers between two steppers.
const RANGE_AT_LEAST = 6;

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RED = new Set(["D", "H"]);
const RANK_WORDS = { T: "10" };
// The Joker (Joker Hearts): a card of its own, "JK", drawn red with a star for a suit.
const JOKER = "JK";
const STAR = "★";

const query = new URLSearchParams(window.location.search);
const token = query.get("token") || null;
const tableId = decodeURIComponent(
  (window.location.pathname.match(/\/t\/([^/]+)\/?$/) || [])[1] || query.get("table") || "",
);
const DISMISSED_KEY = `bezique.dismissed.${tableId}`;

let socket = null;
let view = null;        // the view the page holds (the first view, updates applied)
let latestSeq = null;   // the latest seq the server told (view, update or ack)
let pending = false;    // an action sent, its answer not yet come
let delay = FIRST_DELAY;
let retryTimer = null;
let pingTimer = null;
let connection = "Connecting…"; // shown instead of the turn while not connected
let problem = "";       // the last error, shown until the next action
let choices = [];       // the legal actions the numbered buttons take, in their order
let dealEndShown = null; // the deal whose end the panel shows
const dismissed = loadDismissed();

// -- small helpers -------------------------------------------------------------------------

function loadDismissed() {
  try {
    const list = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) || "[]");
    return new Set(Array.isArray(list) ? list.filter(Number.isInteger) : []);
  } catch {
    return new Set();
  }
}

function saveDismissed() {
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...dismissed].slice(-50)));
  } catch {
    // storage disabled: the panel is dismissed for this page only
  }
}

function nameOf(seat) {
  const player = view && Number.isInteger(seat) ? view.players[seat] : null;
  return player ? player.name : "";
}

function parseCard(card) {
  if (card === JOKER) return { rank: JOKER, suit: "H", joker: true };
  if (typeof card !== "string" || card.length < 2) return null;
  const suit = card.slice(-1);
  const rank = card.slice(0, -1);
  if (!SUITS[suit]) return null;
  return { rank: RANK_WORDS[rank] || rank, suit };
}

function cardWords(card) {
  const c = parseCard(card);
  if (c && c.joker) return "Joker";
  return c ? `${c.rank}${SUITS[c.suit]}` : String(card);
}

// A card drawn in HTML: the index (rank over suit) in the corner, a large suit below;
// `card` null draws the back. `place` and `seat` say where it lies (data-place,
// data-seat), for the tests and the clicks.
function cardEl(card, place, seat) {
  const attrs = { class: "card", "data-place": place,
    "data-seat": Number.isInteger(seat) ? String(seat) : null };
  const c = card ? parseCard(card) : null;
  if (!c) {
    attrs.class = "card back";
    attrs["aria-label"] = "a card face down";
    attrs.role = "img";
    return el("div", null, attrs);
  }
  attrs.class = `card ${RED.has(c.suit) ? "red" : "black"}`;
  attrs["data-card"] = card;
  attrs.role = "img";
  attrs["aria-label"] = c.joker ? "the Joker" : `${c.rank} of ${SUIT_WORDS[c.suit]}`;
  if (c.joker) attrs.class += " joker";
  const mark = c.joker ? STAR : SUITS[c.suit];
  const node = el("div", null, attrs);
  const index = el("span", null, { class: "idx", "aria-hidden": "true" });
  index.append(el("span", c.rank, { class: "rank" }), el("span", mark, { class: "suit" }));
  node.append(index, el("span", mark, { class: "pip", "aria-hidden": "true" }));
  return node;
}

function cardRow(cards, place, seat, extraClass) {
  const row = el("div", null, { class: `cards ${extraClass || ""}`.trim() });
  row.style.setProperty("--n", String(Math.max(cards.length, 1)));
  const known = cards.filter(Boolean);
  if (known.length && known.length < cards.length) {
    // another's hand, some of it known: the known cards first, then a break (a new line
    // at a phone, where the row wraps so no known card is squeezed to a sliver), the backs
    row.classList.add("mixed");
    row.style.setProperty("--m", String(cards.length - known.length));
    for (const card of known) row.append(cardEl(card, place, seat));
    row.append(el("span", null, { class: "break", "aria-hidden": "true" }));
    for (let i = known.length; i < cards.length; i += 1) row.append(cardEl(null, place, seat));
    return row;
  }
  for (const card of cards) row.append(cardEl(card, place, seat));
  return row;
}

// -- status line ---------------------------------------------------------------------------

function turnText() {
  if (!view) return "";
  if (view.over) return "The match is over.";
  if (view.your_turn) return pending ? "Sent…" : "Your turn.";
  const mover = Number.isInteger(view.to_move) ? view.players[view.to_move] : null;
  if (!mover) return "";
  return view.seat === null ? `${mover.name} to move.` : `Waiting for ${mover.name}.`;
}

function showStatus() {
  const parts = [problem, connection || turnText()].filter(Boolean);
  const status = byId("status");
  status.textContent = parts.join(" — ");
  status.classList.toggle("error", Boolean(problem));
  status.classList.toggle("offline", Boolean(connection));
  status.classList.toggle("yours", Boolean(view && view.your_turn && !connection));
  const mark = view && view.your_turn && !view.over ? "● " : "";
  document.title = `${mark}${view ? view.title : "Bézique"} table`;
}

// -- acting --------------------------------------------------------------------------------

function canAct() {
  return Boolean(view && view.your_turn && !pending && socket
    && socket.readyState === WebSocket.OPEN && latestSeq === view.seq);
}

function send(notation) {
  if (!canAct()) return;
  socket.send(JSON.stringify({ type: "act", seq: view.seq, action: notation }));
  pending = true;
  problem = "";
  enableChoices();
  showStatus();
}

// Take `action`: at once, or once confirmed when the server says why one might not.
function act(action) {
  if (!canAct()) return;
  if (typeof action.confirm === "string" && action.confirm) {
    const dialog = byId("confirm");
    byId("confirm-text").textContent = action.confirm;
    dialog.returnValue = "";
    const seq = view.seq;
    dialog.addEventListener("close", () => {
      if (dialog.returnValue === "yes" && view && view.seq === seq) send(action.notation);
    }, { once: true });
    dialog.showModal();
    byId("confirm-no").focus();
    return;
  }
  send(action.notation);
}

function enableChoices() {
  const enabled = canAct();
  for (const control of byId("actions").querySelectorAll("button, select")) {
    control.disabled = !enabled;
  }
  byId("board").classList.toggle("waiting", !enabled);
}

// The legal actions, split: those that play a card (in the order of the cards in the hand,
// then on one's own table), runs of numbered choices (bids), and the others.
function sortChoices(legal) {
  const board = view.board || {};
  const own = (board.seats || []).find((s) => s.seat === board.own && board.own !== null);
  const cardChoices = legal.filter((a) => a.card);
  const used = new Set();
  const ordered = [];
  const take = (card, fromTable) => {
    const i = cardChoices.findIndex((a, k) => !used.has(k) && a.card === card
      && Boolean(a.from_table) === fromTable);
    if (i >= 0) {
      used.add(i);
      ordered.push(cardChoices[i]);
    }
  };
  if (own) {
    for (const card of own.hand) if (card) take(card, false);
    for (const card of own.table) take(card, true);
  }
  cardChoices.forEach((a, k) => { if (!used.has(k)) ordered.push(a); });

  const rest = legal.filter((a) => !a.card);
  const runs = new Map();
  for (const a of rest) {
    const m = /^(.*?)(\d+)$/.exec(String(a.label || a.notation));
    if (!m) continue;
    if (!runs.has(m[1])) runs.set(m[1], []);
    runs.get(m[1]).push({ action: a, number: Number(m[2]) });
  }
  const ranges = [...runs.entries()].filter(([, items]) => items.length >= RANGE_AT_LEAST);
  const inRange = new Set(ranges.flatMap(([, items]) => items.map((i) => i.action)));
  return { cards: ordered, others: rest.filter((a) => !inRange.has(a)), ranges };
}

function choiceButton(action, number, cardChoice) {
  const button = el("button", null, { type: "button", class: cardChoice ? "choice card-choice"
    : "choice", "aria-keyshortcuts": number <= 9 ? String(number) : null,
  "data-notation": action.notation });
  if (number <= 9) button.append(el("kbd", String(number)));
  const label = cardChoice ? cardWords(action.card) + (action.from_table ? " (table)" : "")
    : action.label || action.notation;
  const text = el("span", label);
  if (cardChoice) {
    const c = parseCard(action.card);
    if (c && RED.has(c.suit)) text.classList.add("red");
  }
  button.append(text);
  button.addEventListener("click", () => act(action));
  return button;
}

// One compact control for a run of numbered choices: − [list] + and the run's word.
function rangeControl(word, items) {
  items.sort((a, b) => a.number - b.number);
  const box = el("div", null, { class: "range-choice" });
  const label = word.trim() || "Choose";
  const select = el("select", null, { "aria-label": label, class: "range-select" });
  items.forEach((item, i) => {
    select.append(el("option", String(item.number), { value: String(i) }));
  });
  const step = (by) => {
    select.selectedIndex = Math.min(items.length - 1, Math.max(0, select.selectedIndex + by));
  };
  const down = el("button", "−", { type: "button", class: "step", "aria-label": "Lower" });
  const up = el("button", "+", { type: "button", class: "step", "aria-label": "Higher" });
  down.addEventListener("click", () => step(-1));
  up.addEventListener("click", () => step(1));
  const go = el("button", label, { type: "button", class: "choice range-go" });
  go.addEventListener("click", () => act(items[select.selectedIndex].action));
  select.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      event.stopPropagation();
      act(items[select.selectedIndex].action);
    }
  });
  box.append(down, select, up, go);
  return box;
}

function renderChoices() {
  const legal = view.your_turn && !view.over && Array.isArray(view.legal) ? view.legal : [];
  const { cards, others, ranges } = sortChoices(legal);
  choices = [...cards, ...others];
  const box = byId("actions");
  box.replaceChildren();
  choices.forEach((action, i) => box.append(choiceButton(action, i + 1, Boolean(action.card))));
  for (const [word, items] of ranges) box.append(rangeControl(word, items));
  byId("keys-hint").hidden = legal.length === 0;

  const board = byId("board");
  board.classList.toggle("my-turn", legal.length > 0);
  board.classList.toggle("cards-to-play", cards.length > 0);
  for (const node of board.querySelectorAll(".card[data-card]")) {
    const place = node.dataset.place;
    if (place !== "hand" && !(place === "table" && node.dataset.seat === String(view.board.own))) {
      continue;
    }
    const i = choices.findIndex((a) => a.card === node.dataset.card
      && Boolean(a.from_table) === (place === "table"));
    if (i < 0) continue;
    const action = choices[i];
    node.classList.add("playable");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", `Play ${cardWords(action.card)}`);
    if (i < 9) node.dataset.key = String(i + 1);
    node.addEventListener("click", () => act(action));
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        act(action);
      }
    });
  }
  enableChoices();
}

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || !view) return;
  if (byId("confirm").open) return; // the dialog's own buttons
  if (!byId("deal-end").hidden) {
    if (event.key === "Enter" || event.key === "Escape") {
      event.preventDefault();
      dismissDealEnd();
    }
    return;
  }
  const target = event.target;
  if (target instanceof Element && target.closest("input, textarea, select, [contenteditable]")) {
    return;
  }
  if (/^[1-9]$/.test(event.key)) {
    const action = choices[Number(event.key) - 1];
    if (action) {
      event.preventDefault();
      act(action);
    }
  } else if (event.key === "Enter" && choices.length === 1
    && !byId("actions").querySelector(".range-choice")) {
    // A focused button or link does its own thing with Enter.
    if (target instanceof Element && target.closest("button, a, [role=button]")) return;
    event.preventDefault();
    act(choices[0]);
  }
});

// -- the board -----------------------------------------------------------------------------

// Where each seat sits, counted from the bottom one in the order of play.
function positions(n) {
  if (n === 2) return ["bottom", "top"];
  if (n === 3) return ["bottom", "left", "right"];
  if (n === 4) return ["bottom", "left", "top", "right"];
  return ["bottom", ...Array(Math.max(n - 1, 0)).fill("top")];
}

function sideNames(board, side) {
  return board.seats.filter((s, i) => board.sides[i] === side).map((s) => s.name);
}

function seatEl(board, seat, index, pos) {
  const mine = board.own !== null && seat.seat === board.own;
  const you = view.seat !== null && seat.seat === view.seat;
  const box = el("section", null, { class: `place pos-${pos}`, "data-seat": String(seat.seat),
    "aria-label": seat.name });
  if (seat.to_move) box.classList.add("to-move");
  if (mine) box.classList.add("mine");
  const plate = el("header", null, { class: "plate" });
  plate.append(el("span", seat.name, { class: "pname" }));
  if (you) plate.append(el("span", "(you)", { class: "you" }));
  else if (mine) plate.append(el("span", "(your side's hand)", { class: "you" }));
  if (seat.box) plate.append(el("span", "box", { class: "badge" }));
  if (seat.dealer) plate.append(el("span", "dealer", { class: "badge" }));
  if (Array.isArray(seat.bids) && seat.bids.length) {
    plate.append(el("span", seat.bids[seat.bids.length - 1], { class: "badge bid",
      title: `Bids: ${seat.bids.join(", ")}` }));
  }
  if (seat.to_move) plate.append(el("span", "to play", { class: "badge move" }));
  const figures = [];
  if (Number.isInteger(seat.points)) figures.push(`${seat.points} pts`);
  if (Number.isInteger(seat.tricks)) figures.push(`${seat.tricks} tricks`);
  if (figures.length) plate.append(el("span", figures.join(" · "), { class: "points" }));
  if (board.sides && Array.isArray(board.side_points)) {
    const side = board.sides[index];
    const points = board.side_points[side];
    if (Number.isInteger(points)) {
      plate.append(el("span", `side ${points}`, { class: "side-points",
        title: `${sideNames(board, side).join(" & ")}: ${points}` }));
    }
  }
  box.append(plate);
  if (seat.table.length) box.append(cardRow(seat.table, "table", seat.seat, "melds"));
  box.append(cardRow(seat.hand, mine ? "hand" : "other-hand", seat.seat,
    mine ? "hand own-hand" : "hand"));
  return box;
}

function playedEl(entry, place, highlight) {
  const fig = el("figure", null, { class: highlight ? "played best" : "played" });
  fig.append(cardEl(entry.card, place, entry.seat));
  fig.append(el("figcaption", Number.isInteger(entry.seat) ? nameOf(entry.seat) : ""));
  return fig;
}

function centerEl(board) {
  const center = el("div", null, { class: "area center" });
  const info = el("div", null, { class: "info" });
  if (typeof board.trump === "string") {
    const trump = board.trump ? `Trumps ${SUITS[board.trump] || board.trump}` : "No trumps yet";
    const node = el("span", trump, { class: `trump ${RED.has(board.trump) ? "red" : ""}`.trim() });
    info.append(node);
  }
  if (board.contract && typeof board.contract.text === "string") {
    const who = Number.isInteger(board.contract.seat) ? `${nameOf(board.contract.seat)}: ` : "";
    info.append(el("span", `${who}${board.contract.text}`, { class: "contract" }));
  }
  if (board.sides && Array.isArray(board.side_points)) {
    const seen = new Set();
    for (const side of board.sides) {
      if (seen.has(side)) continue;
      seen.add(side);
      const points = board.side_points[side];
      if (Number.isInteger(points)) {
        info.append(el("span", `${sideNames(board, side).join(" & ")}: ${points}`,
          { class: "side-total" }));
      }
    }
  }
  center.append(info);
  if (Array.isArray(board.others) && board.others.length) {
    const words = board.others.map((o) => (Number.isInteger(o.consults)
      ? `${o.name} consults with ${nameOf(o.consults)}` : `${o.name} watches`)
      + (o.box ? " (the box)" : ""));
    center.append(el("p", `${words.join("; ")}.`, { class: "others" }));
  }
  const middle = el("div", null, { class: "middle" });
  if (board.stock || board.turn_up) {
    const pile = el("div", null, { class: "pile" });
    if (board.stock && (board.stock.size || board.stock.closed)) {
      const stock = el("figure", null, { class: "played stock" });
      stock.append(cardEl(null, "stock", null));
      const size = Number.isInteger(board.stock.size) ? `Stock ${board.stock.size}` : "Stock";
      stock.append(el("figcaption", board.stock.closed ? `${size}, closed` : size));
      pile.append(stock);
    }
    if (board.turn_up) {
      const up = el("figure", null, { class: "played turn-up" });
      up.append(cardEl(board.turn_up, "turn-up", null));
      up.append(el("figcaption", "turned up"));
      pile.append(up);
    }
    if (pile.childElementCount) middle.append(pile);
  }
  const trick = el("div", null, { class: "trick", "aria-label": "The trick" });
  for (const entry of board.trick || []) {
    trick.append(playedEl(entry, "trick", Number.isInteger(board.winning)
      && entry.seat === board.winning && (board.trick || []).length > 1));
  }
  middle.append(trick);
  center.append(middle);
  const story = Array.isArray(view.story) ? view.story : [];
  if (story.length) center.append(el("p", story[story.length - 1], { class: "latest" }));
  if (Array.isArray(board.last_trick) && board.last_trick.length) {
    const last = el("div", null, { class: "last-trick" });
    const won = Number.isInteger(board.last_winner) ? `, won by ${nameOf(board.last_winner)}` : "";
    last.append(el("span", `Last trick${won}:`, { class: "caption" }));
    for (const entry of board.last_trick) {
      last.append(playedEl(entry, "last-trick", Number.isInteger(entry.seat)
        && entry.seat === board.last_winner));
    }
    center.append(last);
  }
  return center;
}

function renderBoard() {
  const board = view.board;
  const node = byId("board");
  if (!board || !Array.isArray(board.seats)) {
    node.replaceChildren();
    return;
  }
  const seats = board.seats;
  const n = seats.length;
  let bottom = seats.findIndex((s) => board.own !== null && s.seat === board.own);
  if (bottom < 0) bottom = 0;
  const where = positions(n);
  const felt = el("div", null, { class: `felt seats-${n}` });
  const areas = {};
  for (const pos of ["top", "left", "right", "bottom"]) {
    areas[pos] = el("div", null, { class: `area ${pos}` });
  }
  seats.forEach((seat, i) => {
    const k = (i - bottom + n) % n;
    areas[where[k]].append(seatEl(board, seat, i, where[k]));
  });
  felt.append(areas.top, areas.left, centerEl(board), areas.right, areas.bottom);
  node.classList.toggle("watching", board.own === null);
  node.replaceChildren(felt);
}

// -- the side column -----------------------------------------------------------------------

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
    const notes = [KIND_WORDS[player.kind] || player.kind];
    if (view.seat === i) notes.push("you");
    if (view.to_move === i && !view.over) notes.push("to move");
    item.append(el("span", notes.join(" · "), { class: "muted" }));
    if (player.kind === "human" && typeof player.connected === "boolean") {
      item.append(el("span", player.connected ? "online" : "away",
        { class: player.connected ? "online" : "away" }));
    }
    list.append(item);
  });
  const others = view.board && Array.isArray(view.board.others) ? view.board.others : [];
  const playing = view.board && Array.isArray(view.board.seats) ? view.board.seats : [];
  const consulting = byId("consulting");
  consulting.hidden = others.length === 0;
  if (others.length) {
    const lines = playing.map((s) => `${s.name} plays${s.box ? " as the box" : ""}`);
    for (const o of others) {
      lines.push(Number.isInteger(o.consults) ? `${o.name} consults with ${nameOf(o.consults)}`
        : `${o.name} sits out`);
    }
    consulting.textContent = `${lines.join("; ")}.`;
  }
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
    : (sheet.totals || []).map((_, i) => nameOf(i));
  const headRow = el("tr");
  headRow.append(el("th", view.deal_word === "game" ? "Game" : "Deal", { scope: "col" }));
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
  const story = Array.isArray(view.story) ? view.story : [];
  log.replaceChildren(...story.map((line) => el("li", line)));
  if (atBottom || !log.dataset.drawn) log.scrollTop = log.scrollHeight;
  log.dataset.drawn = "1";
}

function renderDeal() {
  const word = view.deal_word === "game" ? "Game" : "Deal";
  byId("deal-head").textContent = word;
  byId("deal-no").textContent = `${word} ${view.deal}`;
  byId("commitment").textContent = view.commitment || "";
  const list = byId("revealed");
  list.replaceChildren();
  for (const deal of Array.isArray(view.revealed) ? view.revealed : []) {
    const path = safePath(deal.url);
    if (!path) continue;
    const item = el("li");
    item.append(el("a", `${word} ${deal.deal}: its record`, { href: path, target: "_blank",
      rel: "noopener" }));
    list.append(item);
  }
}

// -- the end of a deal ---------------------------------------------------------------------

function dismissDealEnd() {
  if (dealEndShown !== null) {
    dismissed.add(dealEndShown);
    saveDismissed();
  }
  dealEndShown = null;
  byId("deal-end").hidden = true;
  const first = document.querySelector("#board .card.playable, #actions button:not([disabled])");
  if (first instanceof HTMLElement) first.focus({ preventScroll: true });
}

function renderDealEnd() {
  const end = view.deal_end;
  const panel = byId("deal-end");
  if (!end || !Number.isInteger(end.deal) || dismissed.has(end.deal)) {
    panel.hidden = true;
    dealEndShown = null;
    return;
  }
  const fresh = dealEndShown !== end.deal;
  dealEndShown = end.deal;
  const word = view.deal_word === "game" ? "game" : "deal";
  byId("deal-end-head").textContent = `End of ${word} ${end.deal}`;
  const trick = byId("deal-end-trick");
  trick.replaceChildren();
  if (end.last_trick && Array.isArray(end.last_trick.cards)) {
    const winner = Number.isInteger(end.last_trick.winner)
      ? `, won by ${nameOf(end.last_trick.winner)}` : "";
    trick.append(el("p", `The last trick${winner}:`, { class: "caption" }));
    const row = el("div", null, { class: "trick" });
    for (const entry of end.last_trick.cards) {
      row.append(playedEl(entry, "deal-end", Number.isInteger(entry.seat)
        && entry.seat === end.last_trick.winner));
    }
    trick.append(row);
  }
  const columns = Array.isArray(end.columns) ? end.columns : [];
  const head = el("tr");
  head.append(el("th", "", { scope: "col" }));
  for (const c of columns) head.append(el("th", c, { scope: "col", class: "num" }));
  byId("deal-end-columns").replaceChildren(head);
  const body = byId("deal-end-rows");
  body.replaceChildren();
  for (const [what, points] of Array.isArray(end.rows) ? end.rows : []) {
    const row = el("tr");
    row.append(el("th", what, { scope: "row" }));
    columns.forEach((_, i) => row.append(el("td", (points || [])[i] ?? "", { class: "num" })));
    body.append(row);
  }
  if (Array.isArray(end.totals)) {
    const row = el("tr", null, { class: "totals" });
    row.append(el("th", "Total", { scope: "row" }));
    columns.forEach((_, i) => row.append(el("td", end.totals[i] ?? "", { class: "num" })));
    body.append(row);
  }
  byId("deal-end-result").replaceChildren(
    ...(Array.isArray(end.result) ? end.result : []).map((line) => el("li", line)));
  byId("deal-end-story").replaceChildren(
    ...(Array.isArray(end.story) ? end.story : []).map((line) => el("li", line)));
  byId("deal-end-next").textContent = view.over ? "Close" : `Next ${word}`;
  panel.hidden = false;
  if (fresh) byId("deal-end-next").focus({ preventScroll: true });
}

// -- drawing the view ----------------------------------------------------------------------

function render() {
  byId("title").textContent = view.title;
  const me = view.seat === null || view.seat === undefined ? null : view.players[view.seat];
  const board = view.board || {};
  let who = "You are watching.";
  if (me) {
    who = board.own !== null && board.own !== undefined && board.own !== view.seat
      ? `You are ${me.name}, consulting on ${nameOf(board.own)}'s hand.` : `You are ${me.name}.`;
  }
  byId("subtitle").textContent = who;
  byId("over").hidden = !view.over;
  byId("over").textContent = view.over ? view.summary || "The match is over." : "";
  renderBoard();
  renderChoices();
  renderPlayers();
  renderSheet();
  renderEvents();
  renderDeal();
  renderDealEnd();
  showStatus();
}

// An `update`: the fields that changed, and the story's new lines from `story_from`.
function applyUpdate(message) {
  for (const [key, value] of Object.entries(message)) {
    if (key === "type" || key === "story" || key === "story_from" || key === "ack") continue;
    view[key] = value;
  }
  if (Number.isInteger(message.story_from) && Array.isArray(message.story)) {
    const kept = Array.isArray(view.story) ? view.story.slice(0, message.story_from) : [];
    view.story = kept.concat(message.story);
  }
}

// -- the connection ------------------------------------------------------------------------

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
  } else if (message.type === "update") {
    if (!view) return; // an update comes only after the view it changes
    applyUpdate(message);
    if (Number.isInteger(message.seq)) latestSeq = Math.max(latestSeq ?? 0, message.seq);
    // the answer to this client's own action: stored, and this is its update
    if (Number.isInteger(message.ack)) pending = false;
    render();
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
  byId("deal-end-next").addEventListener("click", dismissDealEnd);
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
