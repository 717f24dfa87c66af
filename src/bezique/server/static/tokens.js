// The seat tokens this browser holds, and small helpers the lobby and the table share.
// localStorage["bezique.tokens"] is a JSON list of {table, seat, token, url, game}.

export const TOKENS_KEY = "bezique.tokens";
const MAX_KEPT = 200; // the server answers about at most 200 tokens a request

export function loadTokens() {
  try {
    const list = JSON.parse(localStorage.getItem(TOKENS_KEY) || "[]");
    return Array.isArray(list)
      ? list.filter((e) => e && typeof e.token === "string" && e.token)
      : [];
  } catch {
    return []; // storage disabled or garbled: hold nothing
  }
}

// Add or update the entry of entry.token (the newest last); fields given as null or
// undefined keep what was stored.
export function rememberToken(entry) {
  const list = loadTokens();
  const old = list.find((e) => e.token === entry.token) || {};
  const merged = { ...old };
  for (const [key, value] of Object.entries(entry)) {
    if (value !== null && value !== undefined && value !== "") merged[key] = value;
  }
  const rest = list.filter((e) => e.token !== entry.token);
  rest.push(merged);
  try {
    localStorage.setItem(TOKENS_KEY, JSON.stringify(rest.slice(-MAX_KEPT)));
  } catch {
    // storage full or disabled: the link itself still works
  }
}

// A link the server gave, kept only when it is a path on this site.
export function safePath(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//")
    ? url
    : null;
}

// Shorthand: an element with text content and attributes.
export function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  return node;
}

export function byId(id) {
  return document.getElementById(id);
}

export const KIND_WORDS = {
  human: "person",
  rules: "computer (rules)",
  random: "computer (random)",
  flat: "computer (flat Monte Carlo)",
  pimc: "computer (PIMC search)",
  ismcts: "computer (ISMCTS search)",
  "pimc-infer": "computer (PIMC with inference)",
  open: "open seat (anyone may join)",
};
