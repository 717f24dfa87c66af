// The lobby: choose a game, its options and seats, open a table, list this browser's games
// and the open tables anyone may join. Everything is drawn from GET /api/games (each game's
// line of description and its options' values in words come from the game modules), so a
// game added later needs nothing here.

import { KIND_WORDS, byId, el, loadTokens, rememberToken, safePath } from "./tokens.js";

const MAX_NAME = 40;
let games = [];
// who may sit at a seat: [kind, words], from GET /api/games (the server's players)
let kinds = Object.entries(KIND_WORDS);

function setStatus(text) {
  byId("status").textContent = text || "";
}

async function getJson(url, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(url, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const why = data && typeof data.error === "string" ? data.error : response.statusText;
    throw new Error(why || `error ${response.status}`);
  }
  return data;
}

function choices(allowed) {
  // "a | b | c" is a list of values; anything else ("a whole number") describes a text field.
  return typeof allowed === "string" && allowed.includes(" | ")
    ? allowed.split(" | ").map((s) => s.trim())
    : null;
}

function currentGame() {
  return games.find((g) => g.name === byId("game").value) || games[0];
}

// A value of an option as the menu shows it: the words the server gives, else the value.
function valueWords(option, value) {
  const words = option.words && typeof option.words === "object" ? option.words[value] : null;
  return typeof words === "string" && words ? words : value;
}

function renderOptions() {
  const game = currentGame();
  const box = byId("options");
  box.replaceChildren();
  byId("players-option").replaceChildren();
  byId("options-box").hidden = !game;
  byId("game-about").textContent = game && typeof game.about === "string" ? game.about : "";
  if (!game) return;
  for (const option of game.options) {
    const id = `opt-${option.name}`;
    const field = el("div", null, { class: "field" });
    field.append(el("label", option.name.replaceAll("_", " "), { for: id }));
    const values = choices(option.allowed);
    let control;
    if (values) {
      control = el("select", null, { id, name: option.name });
      for (const value of values) {
        const words = valueWords(option, value);
        const item = el("option", value === option.default ? `${words} (default)` : words,
          { value });
        item.selected = value === option.default;
        control.append(item);
      }
    } else {
      control = el("input", null, { id, name: option.name, type: "text", inputmode:
        /number/.test(option.allowed || "") ? "numeric" : null });
      control.value = option.default;
    }
    control.dataset.option = option.name;
    control.dataset.default = option.default;
    if (option.doc) {
      const help = el("small", option.doc, { id: `${id}-doc`, class: "doc" });
      control.setAttribute("aria-describedby", help.id);
      field.append(control, help);
    } else {
      field.append(control);
    }
    if (!values && option.allowed) control.title = option.allowed;
    if (option.name === "players") {
      // The size of the table is chosen with the seats, in view.
      control.addEventListener("change", renderSeats);
      byId("players-option").append(field);
    } else {
      box.append(field);
    }
  }
}

function seatCount(game) {
  const players = byId("players-option").querySelector('[data-option="players"]');
  if (players) {
    const n = Number.parseInt(players.value, 10);
    if (Number.isFinite(n) && n > 0 && n <= 12) return n;
  }
  const box = byId("seat-count-box");
  if (!players && game.max_players > game.min_players) {
    // A game with several table sizes but no "players" option: choose the size here.
    const select = byId("seat-count");
    if (box.hidden || select.dataset.game !== game.name) {
      select.replaceChildren();
      for (let n = game.min_players; n <= game.max_players; n += 1) {
        select.append(el("option", String(n), { value: String(n) }));
      }
      select.dataset.game = game.name;
    }
    box.hidden = false;
    return Number.parseInt(select.value, 10) || game.min_players;
  }
  box.hidden = true;
  return game.min_players;
}

function renderSeats() {
  const game = currentGame();
  if (!game) return;
  const box = byId("seats");
  const old = [...box.querySelectorAll(".seat")].map((row) => ({
    kind: row.querySelector("select").value,
    name: row.querySelector("input").value,
  }));
  box.replaceChildren();
  const count = seatCount(game);
  for (let i = 0; i < count; i += 1) {
    const was = old[i] || { kind: i === 0 ? "human" : "rules", name: "" };
    const row = el("div", null, { class: "seat" });
    row.append(el("span", `Seat ${i}`, { class: "seat-no" }));
    const kind = el("select", null, { id: `kind-${i}`, "aria-label": `Seat ${i}: who plays` });
    for (const [value, words] of kinds) {
      const item = el("option", words, { value });
      item.selected = value === was.kind;
      kind.append(item);
    }
    const name = el("input", null, {
      id: `name-${i}`, type: "text", maxlength: String(MAX_NAME), autocomplete: "off",
      "aria-label": `Seat ${i}: name`, placeholder: i === 0 ? "Your name" : "Name (optional)",
    });
    // An open seat's name is the one its taker gives: nothing to type here.
    const openSeat = () => { name.disabled = kind.value === "open"; };
    kind.addEventListener("change", openSeat);
    openSeat();
    name.value = was.name;
    row.append(kind, name);
    box.append(row);
  }
}

function formBody() {
  const game = currentGame();
  const options = {};
  for (const control of byId("new-table").querySelectorAll("[data-option]")) {
    options[control.dataset.option] = control.value.trim();
  }
  if (byId("show-counts").checked) options.show_counts = true;
  const seats = [...byId("seats").querySelectorAll(".seat")].map((row, i) => {
    const kind = row.querySelector("select").value;
    const typed = row.querySelector("input").value.trim();
    const name = kind === "open" ? "Open seat"
      : typed || (kind === "human" ? `Player ${i}` : `Computer ${i}`);
    return { kind, name };
  });
  return { game: game.name, options, seats };
}

function absolute(path) {
  return new URL(path, window.location.origin).href;
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard (plain http, old browser): let the person copy by hand.
    window.prompt("Copy this link:", text);
    return;
  }
  const before = button.textContent;
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = before; }, 1500);
}

function linkRow(label, path, sitText) {
  const url = absolute(path);
  const row = el("li");
  row.append(el("span", label, { class: "seat-label" }));
  const field = el("input", null, { type: "text", readonly: "", class: "link",
    "aria-label": `${label}: invitation link` });
  field.value = url;
  field.addEventListener("focus", () => field.select());
  const button = el("button", "Copy", { type: "button", class: "small" });
  button.addEventListener("click", () => copy(url, button));
  row.append(field, button, el("a", sitText, { href: path, class: "sit" }));
  return row;
}

function showCreated(answer, gameName) {
  const list = byId("created-seats");
  list.replaceChildren();
  for (const seat of answer.seats || []) {
    const label = `Seat ${seat.seat}: ${seat.name}`;
    const path = safePath(seat.url);
    if (seat.kind === "human" && path && seat.token) {
      rememberToken({ table: answer.table, seat: seat.seat, token: seat.token, url: path,
        game: gameName });
      list.append(linkRow(label, path, `Sit at seat ${seat.seat}`));
    } else if (seat.kind === "open") {
      list.append(el("li", `Seat ${seat.seat}: open, listed below for anyone to take`));
    } else {
      list.append(el("li", `${label} (${KIND_WORDS[seat.kind] || seat.kind})`));
    }
  }
  const watch = safePath(answer.watch);
  const link = byId("watch-link");
  link.href = watch || "/";
  byId("copy-watch").onclick = () => copy(absolute(watch || "/"), byId("copy-watch"));
  byId("created").hidden = false;
  byId("created").scrollIntoView({ behavior: "smooth", block: "start" });
}

async function create(event) {
  event.preventDefault();
  const button = byId("create");
  button.disabled = true;
  setStatus("Opening the table…");
  try {
    const body = formBody();
    const answer = await getJson("/api/tables", body);
    setStatus("");
    showCreated(answer, body.game);
    refreshMine();
    refreshOpen();
  } catch (error) {
    setStatus(`Not opened: ${error.message}`);
  } finally {
    button.disabled = false;
  }
}

// Whose turn it is at one of this browser's tables, in words.
function turnWords(table) {
  if (table.over) return "over";
  if (table.your_turn) return "your turn";
  const open = Array.isArray(table.open) ? table.open : [];
  const waiting = typeof table.to_move === "string" && table.to_move
    ? `waiting for ${table.to_move}` : "waiting";
  return open.length ? `${waiting} (seat ${open.join(", ")} open)` : waiting;
}

function mineItem(table) {
  const item = el("li", null, { class: table.your_turn ? "your-turn" : null });
  const path = safePath(table.url);
  const text = `${table.title || table.game} · seat ${table.seat} · ${table.seq} moves`;
  item.append(path ? el("a", text, { href: path }) : el("span", text));
  item.append(" ", el("span", turnWords(table), { class: "turn-words" }));
  return item;
}

async function refreshMine() {
  const held = loadTokens();
  const status = byId("mine-status");
  const running = byId("mine-running");
  const finished = byId("mine-finished");
  if (held.length === 0) {
    status.textContent = "None yet: the tables you open or join here are listed.";
    running.replaceChildren();
    finished.replaceChildren();
    byId("running-head").hidden = byId("finished-head").hidden = true;
    return;
  }
  status.textContent = "Loading…";
  try {
    const answer = await getJson("/api/mine", { tokens: held.map((e) => e.token) });
    const tables = Array.isArray(answer.tables) ? answer.tables : [];
    running.replaceChildren(...tables.filter((t) => !t.over).map((t) => mineItem(t)));
    finished.replaceChildren(...tables.filter((t) => t.over).map((t) => mineItem(t)));
    byId("running-head").hidden = running.children.length === 0;
    byId("finished-head").hidden = finished.children.length === 0;
    status.textContent = tables.length ? "" : "None of your seats is known to this server.";
  } catch (error) {
    status.textContent = `Could not list your games: ${error.message}`;
  }
}

function setOpenStatus(text) {
  byId("open-status").textContent = text || "";
}

async function join(table, seat, button) {
  const name = byId("join-name").value.trim();
  if (!name) {
    setOpenStatus("Give your name first.");
    byId("join-name").focus();
    return;
  }
  button.disabled = true;
  setOpenStatus(`Taking seat ${seat}…`);
  try {
    const answer = await getJson(`/api/tables/${encodeURIComponent(table.table)}/join`,
      { seat, name });
    const path = safePath(answer && answer.url);
    if (!path || typeof answer.token !== "string") throw new Error("no seat link in the answer");
    rememberToken({ table: table.table, seat, token: answer.token, url: path,
      game: table.game });
    setOpenStatus("");
    window.location.assign(path);
  } catch (error) {
    setOpenStatus(`Not joined: ${error.message}`);
    button.disabled = false;
    refreshOpen();
  }
}

function openItem(table) {
  const item = el("li");
  const players = Array.isArray(table.players) ? table.players : [];
  const open = Array.isArray(table.open) ? table.open : [];
  const who = players.map((p, i) => (open.includes(i) ? `seat ${i} open`
    : `${p.name} (${KIND_WORDS[p.kind] || p.kind})`)).join(", ");
  item.append(el("span", `${table.title || table.game}${table.started ? " (started)" : ""}`,
    { class: "open-title" }), el("span", who, { class: "open-players" }));
  const buttons = el("span", null, { class: "open-seats" });
  for (const seat of open) {
    if (!Number.isInteger(seat)) continue;
    const button = el("button", `Take seat ${seat}`, { type: "button", class: "small join",
      "data-seat": String(seat) });
    button.addEventListener("click", () => join(table, seat, button));
    buttons.append(button);
  }
  item.append(buttons);
  return item;
}

async function refreshOpen() {
  const list = byId("open-list");
  setOpenStatus("Loading…");
  try {
    const answer = await getJson("/api/open");
    const tables = Array.isArray(answer.tables) ? answer.tables : [];
    list.replaceChildren(...tables.map(openItem));
    setOpenStatus(tables.length ? "" : "None at the moment: open one with an open seat.");
  } catch (error) {
    setOpenStatus(`Could not list the open tables: ${error.message}`);
  }
}

async function start() {
  byId("new-table").addEventListener("submit", create);
  byId("game").addEventListener("change", () => { renderOptions(); renderSeats(); });
  byId("seat-count").addEventListener("change", renderSeats);
  byId("mine-refresh").addEventListener("click", refreshMine);
  byId("open-refresh").addEventListener("click", refreshOpen);
  refreshMine();
  refreshOpen();
  try {
    const answer = await getJson("/api/games");
    games = Array.isArray(answer.games) ? answer.games : [];
    if (Array.isArray(answer.kinds) && answer.kinds.length) {
      kinds = answer.kinds.map((k) => [String(k.kind), String(k.words || k.kind)]);
    }
  } catch (error) {
    setStatus(`Could not load the games: ${error.message}`);
    return;
  }
  const select = byId("game");
  const wanted = new URLSearchParams(window.location.search).get("game");
  for (const game of games) {
    const item = el("option", game.title, { value: game.name });
    item.selected = game.name === wanted;
    select.append(item);
  }
  renderOptions();
  renderSeats();
}

start();
