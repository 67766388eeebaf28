// The page of `oracle serve`: the table as the server sends it, and lines sent back.
// Every text from the table is put in with textContent, never parsed as HTML.
"use strict";

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const CARD = /^(10|[2-9TJQKA])([shdc])$/i;
let table = null;
let live = false; // whether the event stream is open
let picking = null; // { slot, picked: [] } while cards are being chosen

const $ = (id) => document.getElementById(id);

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

// Text with its card names shown as rank and coloured suit symbol.
function withCards(text) {
  const span = el("span");
  String(text).split(/(\s+)/).forEach((word) => {
    const match = CARD.exec(word);
    if (match) {
      const suit = match[2].toLowerCase();
      span.appendChild(el("span", match[1].toUpperCase() + SUITS[suit], suit === "h" || suit === "d" ? "suit-red" : ""));
    } else {
      span.appendChild(document.createTextNode(word));
    }
  });
  return span;
}

function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}

function showDone(message) {
  const box = $("done");
  box.textContent = message || "";
  box.hidden = !message;
}

async function send(line) {
  showError("");
  showDone("");
  let reply;
  try {
    const response = await fetch("/api/line", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ line }),
      credentials: "same-origin",
    });
    reply = await response.json();
  } catch (err) {
    showError("the server cannot be reached: " + err);
    return null;
  }
  if (!reply.ok) {
    showError(reply.error);
  } else if (reply.command === "played") {
    showDone("played: " + reply.action);
  } else if (reply.command === "undo") {
    showDone("took back: " + reply.action);
  } else if (reply.command === "redo") {
    showDone("played again: " + reply.action);
  }
  if (reply.shown) {
    // The server's rendering of an answer: rich escapes all text in it.
    $("answer").innerHTML = reply.shown;
    (reply.pictures || []).forEach((name) => {
      const picture = el("img", null, "picture");
      picture.src = "/api/pictures/" + encodeURIComponent(name);
      picture.alt = "the answer's picture";
      $("answer").appendChild(picture);
    });
  }
  if (reply.status && !live) refresh(); // else the event stream brings the new table
  return reply;
}

async function refresh() {
  try {
    const response = await fetch("/api/table", { credentials: "same-origin" });
    if (response.ok) draw(await response.json());
  } catch (err) { /* the event stream reconnects by itself */ }
}

function draw(snapshot) {
  if (table && snapshot.version < table.version) return;
  table = snapshot;
  document.title = "oracle: " + snapshot.game.title;
  $("title").textContent = snapshot.game.title;
  $("status").textContent = snapshot.status.text;
  const result = $("result");
  if (snapshot.status.result) {
    result.textContent = snapshot.status.result.text;
    result.hidden = false;
  } else {
    result.hidden = true;
  }
  drawTable(snapshot.table, snapshot.status.to_act);
  drawActions(snapshot);
  drawHistory(snapshot.history);
  drawQuestions(snapshot.questions);
  $("undo").disabled = !snapshot.can_undo;
  $("redo").disabled = !snapshot.can_redo;
}

function drawTable(view, toAct) {
  $("table-title").textContent = view.title;
  const grid = $("table");
  grid.replaceChildren();
  const head = el("tr");
  view.columns.forEach((name) => head.appendChild(el("th", name)));
  grid.appendChild(el("thead")).appendChild(head);
  const body = el("tbody");
  view.rows.forEach((row) => {
    const line = el("tr", null, toAct.includes(row[0]) ? "to-act" : "");
    row.forEach((cell) => line.appendChild(el("td")).appendChild(withCards(cell)));
    body.appendChild(line);
  });
  grid.appendChild(body);
  const notes = $("notes");
  notes.replaceChildren();
  view.notes.forEach((note) => notes.appendChild(el("li")).appendChild(withCards(note)));
}

// The legal lines of one summary entry ("Carla bets 1-5", "Anna bets Devilish Offering: … (12 ways)").
function members(entry, legal) {
  const colon = entry.indexOf(": … (");
  if (colon >= 0) return legal.filter((line) => line.startsWith(entry.slice(0, colon) + ": "));
  const numbers = /^(.*\D) (\d[\d\-, ]*(?: or \d+)?)(?: \(steps of \d+\))?$/.exec(entry);
  if (numbers) return legal.filter((line) => new RegExp("^" + escapeRegExp(numbers[1]) + " \\d+$").test(line));
  return [];
}

function escapeRegExp(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

function drawActions(snapshot) {
  const box = $("actions");
  box.replaceChildren();
  const legal = snapshot.moves.legal;
  // One button a legal line; lines of one kind ("bets 1-5") open into a row of their own.
  snapshot.moves.summary.forEach((entry) => {
    if (legal.includes(entry)) {
      const button = el("button", entry);
      button.type = "button";
      button.addEventListener("click", () => send(entry));
      box.appendChild(button);
      return;
    }
    const lines = members(entry, legal);
    const group = el("button", entry, "quiet");
    group.type = "button";
    const row = el("div", null, "buttons sub");
    row.hidden = true;
    lines.forEach((line) => {
      const button = el("button", line.startsWith(entry.split(":")[0]) ? line.slice(line.lastIndexOf(entry.includes(": …") ? ": " : " ") + 1) : line, "small");
      button.type = "button";
      button.title = line;
      button.dataset.line = line;
      button.addEventListener("click", () => send(line));
      row.appendChild(button);
    });
    group.addEventListener("click", () => {
      if (lines.length) { row.hidden = !row.hidden; }
      else { $("line").value = entry; $("line").focus(); }
    });
    box.appendChild(group);
    box.appendChild(row);
  });
  const slots = $("slots");
  slots.replaceChildren();
  snapshot.slots.forEach((slot) => {
    const button = el("button", slot.prefix + " … (" + slot.count + (slot.count === 1 ? " card)" : " cards)"), "quiet");
    button.type = "button";
    button.addEventListener("click", () => startPicking(slot));
    slots.appendChild(button);
  });
  $("deal").hidden = snapshot.slots.length === 0;
  const options = $("legal");
  options.replaceChildren();
  legal.slice(0, 400).forEach((line) => { const option = el("option"); option.value = line; options.appendChild(option); });
  if (picking) {
    const still = snapshot.slots.find((slot) => slot.prefix === picking.slot.prefix);
    if (still) startPicking(still, picking.picked.filter((name) => still.cards.some((c) => c.name === name)));
    else stopPicking();
  }
}

function startPicking(slot, picked) {
  picking = { slot, picked: picked || [] };
  $("cards").hidden = false;
  $("cards-prompt").textContent = slot.prefix + ": pick " + slot.count + (slot.count === 1 ? " card" : " cards");
  const grid = $("card-grid");
  grid.replaceChildren();
  slot.cards.forEach((card) => {
    const red = card.suit === "h" || card.suit === "d";
    const button = el("button", card.pretty, "card" + (red ? " red" : "") + (picking.picked.includes(card.name) ? " picked" : ""));
    button.type = "button";
    button.setAttribute("aria-label", card.name);
    button.dataset.card = card.name;
    button.addEventListener("click", () => {
      const at = picking.picked.indexOf(card.name);
      if (at >= 0) picking.picked.splice(at, 1);
      else if (picking.picked.length < slot.count) picking.picked.push(card.name);
      button.classList.toggle("picked", picking.picked.includes(card.name));
      $("cards-send").disabled = picking.picked.length !== slot.count;
    });
    grid.appendChild(button);
  });
  $("cards-send").disabled = picking.picked.length !== slot.count;
}

function stopPicking() {
  picking = null;
  $("cards").hidden = true;
}

function drawHistory(history) {
  const list = $("history");
  list.replaceChildren();
  history.forEach((line) => list.appendChild(el("li")).appendChild(withCards(line)));
}

function drawQuestions(questions) {
  const select = $("ask-kind");
  if (select.options.length === questions.length) return;
  select.replaceChildren();
  questions.forEach((question) => {
    const option = el("option", question.kind);
    option.value = question.kind;
    select.appendChild(option);
  });
  drawParams();
}

function drawParams() {
  const question = table.questions.find((q) => q.kind === $("ask-kind").value);
  const box = $("ask-params");
  box.replaceChildren();
  $("ask-summary").textContent = question ? question.summary : "";
  if (!question) return;
  question.params.forEach((param) => {
    const label = el("label", param.name + ": " + param.doc);
    const input = el("input");
    input.name = param.name;
    input.maxLength = 200;
    label.appendChild(input);
    box.appendChild(label);
  });
}

function askLine() {
  const parts = [":ask", $("ask-kind").value];
  $("ask-params").querySelectorAll("input").forEach((input) => {
    const value = input.value.trim();
    if (!value) return;
    // A value with spaces is quoted, as `oracle play`'s :ask reads it.
    const quoted = /[\s"]/.test(value) && !/^[\[{]/.test(value) ? "'" + value.replace(/'/g, "") + "'" : value;
    parts.push(input.name + "=" + quoted);
  });
  return parts.join(" ");
}

function listen() {
  const source = new EventSource("/api/events");
  source.onopen = () => { live = true; $("live").textContent = "live"; };
  source.onmessage = (event) => draw(JSON.parse(event.data));
  source.onerror = () => { live = false; $("live").textContent = "reconnecting…"; };
}

document.addEventListener("DOMContentLoaded", () => {
  $("line-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const line = $("line").value.trim();
    if (!line) return;
    const reply = await send(line);
    if (reply && reply.ok) $("line").value = "";
  });
  $("undo").addEventListener("click", () => send(":undo"));
  $("redo").addEventListener("click", () => send(":redo"));
  $("cards-cancel").addEventListener("click", stopPicking);
  $("cards-send").addEventListener("click", async () => {
    if (!picking || picking.picked.length !== picking.slot.count) return;
    const line = picking.slot.prefix + " " + picking.picked.join(" ");
    if (picking.slot.then) {
      // The line goes on with names only the table can type (a role card): finish it by hand.
      const input = $("line");
      input.value = line + picking.slot.then;
      stopPicking();
      input.focus();
      const at = input.value.indexOf("<");
      if (at >= 0) input.setSelectionRange(at, input.value.indexOf(">", at) + 1);
      return;
    }
    const reply = await send(line);
    if (reply && reply.ok) stopPicking();
  });
  $("ask-kind").addEventListener("change", drawParams);
  $("ask-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("answer").textContent = "working…";
    const reply = await send(askLine());
    if (reply && !reply.ok) $("answer").textContent = "";
  });
  refresh();
  listen();
});
