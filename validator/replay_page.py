"""The step-through replay page (``hexforge validate LOG --html OUT.html``): every action of the game in order with
the board at that point, violations marked where they happen, navigation by step, turn, phase and violation (buttons
and the keyboard: ← → a step, PageUp/PageDown a turn, [ ] a phase, p n a violation, Home End), and each violation
linked to its rule's entry in the rules reference bundled into the page (:mod:`.rules_doc`).

One self-contained file that opens offline: the board is drawn once (:func:`.html_report.board`, inlined as WEBP),
only the part of it the page can show (every location a unit stands in at any step, every path, battle and violation,
and the zoom's margin around them: a few units' game draws a few dozen hexes, not the whole map),
each counter face once (PNG in the SVG's ``<defs>``), and each step is the units it changed (a diff of the rules
package's ``pieces``) plus what its action drew (a path, battle arrows), put on the board by a small script as SVG.
A 28-turn No Retreat! game (about 2,000 actions) is well under 2 MB.
"""

from __future__ import annotations

import html
import json
from typing import Any

from games.errors import one_line

from .battle_view import Battle, battles_of
from .html_report import COUNTER_SHARE, Board, board, data_uri, png_data_uri
from .model import Action
from .naming import Names, names_of
from .replay import Replay, replay, rules_of
from .report import describe, entries, map_location, summary, vassal_step
from .rules_doc import load as load_rules

BOARD_QUALITY = 82  # WEBP quality of the board
BOARD_METHOD = 2  # WEBP effort: 4 took twice the time for a file 1 % smaller


def _pieces(rules, ctx, state) -> dict[str, tuple[str, str, str]]:
    """unit -> (location, face, markers joined by spaces) on the map (none when the package cannot say)."""
    if not hasattr(rules, "pieces"):
        return {}
    return {uid: (loc, face, " ".join(markers)) for uid, loc, face, markers in rules.pieces(ctx, state)}


def _drawn(action: Action, before: dict[str, tuple[str, str, str]]) -> list[str]:
    """The path of a move or placement an action draws on the board (from where the unit was); a battle and its
    retreats and advances are drawn from its :class:`~.battle_view.Battle` instead."""
    if action.type in ("retreat", "advance"):
        return []
    path = action.get("path")
    unit = action.get("unit")
    start = before[unit][0] if isinstance(unit, str) and unit in before else None
    if isinstance(path, list) and path and all(isinstance(p, str) for p in path):
        return ([start] if start and start != path[0] else []) + list(path)
    if action.type in ("move", "place", "detrain") and isinstance(action.get("to"), str):
        return ([start] if start else []) + [action.get("to")]
    return []


def _battle_data(b: Battle, names: Names, doc) -> dict[str, Any]:
    """A battle for the page: the drawing's ids as they are, the panel's words with units and places named as
    printed, each modifier's rule linked to its entry in the rules reference."""
    d = b.as_data()
    d["where"] = names.of(b.target)
    d["att"] = [names.of(u) for u in b.attackers]
    d["def"] = [names.of(u) for u in b.defenders]
    d["mods"] = [[shift, names.say(words), rule, doc.anchor(rule) if rule else None]
                 for shift, words, rule in d["mods"]]
    d["rolls"] = [names.say(r) for r in d["rolls"]]
    d["losses"] = [names.say(x) for x in d["losses"]]
    d["movesText"] = [[m.kind, f"{names.of(m.unit)}: {' → '.join(names.of(p) for p in m.path)}"] for m in b.moves]
    return d


def _on_board(data: dict[str, Any], b: Board) -> dict[str, Any]:
    """The page's data with the board's size, hex width and location centres first."""
    return {"size": [b.image.width, b.image.height], "hex": round(b.hex_px, 2),
            "centres": {k: [round(x, 1), round(y, 1)] for k, (x, y) in sorted(b.centres.items())}, **data}


def shown(data: dict[str, Any]) -> set[str]:
    """Every location the page can show: where any unit stands at any step, and every path, battle and violation
    drawn (the board needs no more than these and the zoom's margin around them)."""
    out = {p[0] for p in data["start"].values()}
    for st in data["steps"]:
        out.update(p[0] for p in st["c"].values() if p)
        out.update(st.get("path", ()))
    for bt in data["battles"]:
        out.add(bt["target"])
        out.update(bt["froms"])
        out.update(x for m in bt["moves"] for x in m[2])
    for v in data["violations"]:
        out.update(v["path"])
        out.update(x for a in v["arrows"] for x in a)
        if v["loc"]:
            out.add(v["loc"])
    return {x for x in out if isinstance(x, str)}


def _content(r: Replay) -> tuple[dict[str, Any], list[tuple[str, str]], Any]:
    """The page's data but the board's (:func:`_on_board`), its counter faces and the rules reference."""
    rules = rules_of(r.game)
    names = names_of(r.game)
    doc = load_rules(r.game)
    states = r.states
    frames = [_pieces(rules, r.ctx, s) for s in states]
    fights = battles_of(rules, r.ctx, states, r.log.actions)
    battles: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    steps = []
    turn_start: dict[int, int] = {}
    for k, state in enumerate(states):
        turn, phase = rules.where(r.ctx, state)
        side = getattr(state, "player", None) or ""
        step: dict[str, Any] = {"t": turn, "p": phase, "s": side}
        if k == 0:
            step.update(w="start", d="the position before the first action", c={})
        else:
            action = r.log.actions[k - 1]
            vstep = vassal_step(action)
            step.update(w=f"VASSAL step {vstep}" if vstep is not None else f"line {action.line}",
                        d=describe(action, names))
            before, after = frames[k - 1], frames[k]
            step["c"] = {u: list(after[u]) if u in after else None
                         for u in sorted(set(before) | set(after)) if before.get(u) != after.get(u)}
            path = _drawn(action, before)
            if path:
                step["path"] = path
            fight = fights[k - 1]
            if fight is not None:
                d = _battle_data(fight, names, doc)
                key = json.dumps(d, sort_keys=True)
                step["b"] = seen.setdefault(key, len(seen))
                if step["b"] == len(battles):
                    battles.append(d)
        turn_start.setdefault(turn, k)
        steps.append(step)
    violations = []
    for e in entries(r, names):
        v = e.violation
        at = v.action_index + 1 if v.action_index >= 0 else len(states) - 1
        steps[at].setdefault("v", []).append(e.index)
        violations.append({"step": at, "rule": v.rule, "anchor": doc.anchor(v.rule), "msg": e.message,
                           "where": e.where, "at": e.at, "loc": map_location(r, v), "path": list(v.path),
                           "arrows": [list(a) for a in v.arrows], "units": list(v.units), "follows": e.follows,
                           "turn": v.turn, "side": v.side, "phase": v.phase})
    faces = sorted({(u, f) for frame in frames for u, (_, f, _) in frame.items()})
    return {
        "names": {u: names.of(u) for u in sorted(r.game.units)},
        "faces": [f"{u}/{f}" for u, f in faces],
        "start": {u: list(p) for u, p in sorted(frames[0].items())},
        "steps": steps, "battles": battles, "turns": {str(t): k for t, k in sorted(turn_start.items())},
        "violations": violations,
        "phases": {p.id: p.name for p in r.game.phases},
        "sides": {s: d.name for s, d in r.game.sides.items()},
    }, faces, doc


def _counter_defs(r: Replay, b: Board, faces: list[tuple[str, str]]) -> str:
    from art.counters import render_unit
    from art.style import style_of

    px = max(12, int(b.hex_px * COUNTER_SHARE))
    style = style_of(r.game)  # (once: each face would read and check the style again)
    out = []
    for k, (uid, face) in enumerate(faces):
        img = render_unit(r.game, uid, face, px * 2, style).resize((px, px))
        out.append(f'<image id="f{k}" width="{px}" height="{px}" href="{png_data_uri(img)}"/>')
    return "".join(out)


CSS = """
body { font-family: sans-serif; margin: 0; color: #222; background: #faf8f2; }
header { padding: 0.6em 1em; border-bottom: 1px solid #ccc; }
h1 { font-size: 1.3em; margin: 0 0 0.2em 0; } h2 { font-size: 1.1em; }
main { display: flex; gap: 1em; padding: 0.6em 1em; align-items: flex-start; }
#boardbox { flex: 3; min-width: 0; } #board { width: 100%; height: auto; border: 1px solid #999; background: #fff; }
#panel { flex: 1; min-width: 18em; max-width: 28em; position: sticky; top: 0.5em; }
#counter { font-size: 1.4em; font-weight: bold; } .nav button { margin: 0.15em 0.1em; min-width: 2.4em; }
#what { margin: 0.4em 0; } .where { color: #555; } .rule { color: #b3261e; font-weight: bold; }
.viol { border-left: 4px solid #c8141e; padding: 0.2em 0.5em; margin: 0.4em 0; background: #fff3f3; }
#list li { margin: 0.25em 0; cursor: pointer; } #list li.here { background: #ffe3e3; }
#rules { padding: 0 1em 2em 1em; border-top: 1px solid #ccc; } #rules table { border-collapse: collapse; }
#rules td, #rules th { border: 1px solid #ccc; padding: 0.2em 0.4em; vertical-align: top; font-size: 0.9em; }
.battle { border-left: 4px solid #1946c8; padding: 0.2em 0.5em; margin: 0.4em 0; background: #f1f4ff; }
.battle table { border-collapse: collapse; margin-top: 0.2em; } .battle th { text-align: left; vertical-align: top;
  font-weight: normal; color: #555; padding: 0.1em 0.6em 0.1em 0; width: 6.5em; } .battle td { padding: 0.1em 0; }
#rules :target, #rules tr:has(:target) { background: #fff0a8; } kbd { border: 1px solid #aaa; padding: 0 0.2em; }
"""

SCRIPT = r"""
const D = JSON.parse(document.getElementById('data').textContent);
const N = D.steps.length, SVG = 'http://www.w3.org/2000/svg', H = D.hex, PX = Math.max(12, Math.floor(H * %(share)s));
const faceId = {}; D.faces.forEach((f, k) => faceId[f] = 'f' + k);
const snaps = {0: D.start}; let cur = 0;
function frame(k) {
  let base = Math.floor(k / 64) * 64;
  while (!(base in snaps)) base -= 64;
  let s = Object.assign({}, snaps[base]);
  for (let i = base + 1; i <= k; i++) {
    const c = D.steps[i].c || {};
    for (const u in c) { if (c[u] === null) delete s[u]; else s[u] = c[u]; }
    if (i %% 64 === 0 && !(i in snaps)) snaps[i] = Object.assign({}, s);
  }
  return s;
}
function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const a in attrs) e.setAttribute(a, attrs[a]);
  if (parent) parent.appendChild(e);
  return e;
}
function line(g, locs, cls, w) {
  const pts = locs.filter(l => l in D.centres).map(l => D.centres[l].join(','));
  if (pts.length > 1) el('polyline', {points: pts.join(' '), class: cls, 'stroke-width': w, fill: 'none',
                                     'stroke-linejoin': 'round', 'marker-end': 'url(#head-' + cls + ')'}, g);
}
function draw(k) {
  const layer = document.getElementById('pieces'), over = document.getElementById('overlay');
  layer.replaceChildren(); over.replaceChildren();
  const s = frame(k), byLoc = {}, bad = new Set();
  (D.steps[k].v || []).forEach(i => D.violations[i].units.forEach(u => bad.add(u)));
  for (const u of Object.keys(s).sort()) { const l = s[u][0]; (byLoc[l] = byLoc[l] || []).push(u); }
  for (const l of Object.keys(byLoc).sort()) {
    if (!(l in D.centres)) continue;
    const [cx, cy] = D.centres[l];
    byLoc[l].forEach((u, j) => {
      const x = cx - PX / 2 + 4 * j, y = cy - PX / 2 - 4 * j, [_, face, marks] = s[u];
      const use = el('use', {href: '#' + faceId[u + '/' + face], x: x, y: y}, layer);
      el('title', {}, use).textContent = D.names[u] + (marks ? ' (' + marks + ')' : '');
      if (marks) el('circle', {cx: x + PX - 3, cy: y + 3, r: 5, class: 'mark'}, layer);
      if (bad.has(u)) el('rect', {x: x - 3, y: y - 3, width: PX + 6, height: PX + 6, class: 'badunit'}, layer);
    });
  }
  const st = D.steps[k];
  if (st.path) line(over, st.path, 'act', 4);
  const focus = (st.path || []).slice(), bt = 'b' in st ? D.battles[st.b] : null, drawn = [];
  if (bt) drawBattle(over, bt, focus);
  (st.v || []).forEach(i => {
    const v = D.violations[i];
    drawn.push(v.path, ...v.arrows);
    focus.push(...v.path, ...[].concat(...v.arrows), ...(v.loc ? [v.loc] : []));
    if (v.path.length > 1) line(over, v.path, 'bad', 5);
    v.arrows.forEach(a => line(over, a, 'bad', 5));
    if (v.loc && v.loc in D.centres) {
      const [x, y] = D.centres[v.loc];
      el('circle', {cx: x, cy: y, r: H * 0.55, class: 'ring', 'data-violation': i}, over);
    }
  });
  if (bt) battleLabel(over, bt, drawn);  // last: over the violation's own lines, placed clear of them
  zoom(focus.filter(l => l in D.centres), bt ? 9 : 14);
}
function zoom(locs, least) {
  const board = document.getElementById('board'), [W, Hh] = D.size;
  if (!document.getElementById('follow').checked || !locs.length) {
    board.setAttribute('viewBox', '0 0 ' + W + ' ' + Hh); return;
  }
  const xs = locs.map(l => D.centres[l][0]), ys = locs.map(l => D.centres[l][1]);
  let w = Math.max(Math.max(...xs) - Math.min(...xs) + 6 * H, least * H), h = w * Hh / W;
  h = Math.max(h, Math.max(...ys) - Math.min(...ys) + 6 * H); w = Math.max(w, h * W / Hh);
  w = Math.min(w, W); h = Math.min(h, Hh);
  const x = Math.max(0, Math.min(W - w, (Math.min(...xs) + Math.max(...xs) - w) / 2));
  const y = Math.max(0, Math.min(Hh - h, (Math.min(...ys) + Math.max(...ys) - h) / 2));
  board.setAttribute('viewBox', [x, y, w, h].map(v => v.toFixed(1)).join(' '));
}
function arrow(g, a, b, cls, w) {
  if (!(a in D.centres && b in D.centres)) return;
  const [x0, y0] = D.centres[a], [x1, y1] = D.centres[b];
  el('line', {x1: x0 + (x1 - x0) * 0.2, y1: y0 + (y1 - y0) * 0.2, x2: x0 + (x1 - x0) * 0.72,
              y2: y0 + (y1 - y0) * 0.72, class: cls, 'stroke-width': w, 'marker-end': 'url(#head-' + cls + ')'}, g);
}
function drawBattle(g, b, focus) {
  b.froms.forEach(f => arrow(g, f, b.target, 'fight', H * 0.12));
  b.moves.forEach(([kind, u, path]) => line(g, path, kind, H * 0.07));
  focus.push(b.target, ...b.froms, ...[].concat(...b.moves.map(m => m[2])));
  if (b.target in D.centres) el('circle', {cx: D.centres[b.target][0], cy: D.centres[b.target][1], r: H * 0.5,
                                           class: 'target'}, g);
}
function battleLabel(g, b, others) {
  if (!(b.target in D.centres) || !b.label) return;
  const [x, y] = D.centres[b.target], box = el('g', {class: 'blabel'}, g);
  const rect = el('rect', {rx: 4}, box);
  // above, below, left or right of the target: where the attackers, their arrows, the retreat and advance paths and
  // what a violation drew (their hexes and the middles of their legs) are farthest
  const legs = b.froms.map(f => [f, b.target]).concat(...b.moves.concat(others.map(p => ['', '', p]))
    .map(m => m[2].slice(1).map((l, i) => [m[2][i], l])));
  const busy = [];
  legs.forEach(([p, q]) => { if (p in D.centres && q in D.centres) {
    const [px, py] = D.centres[p], [qx, qy] = D.centres[q];
    busy.push([px, py], [(px + qx) / 2, (py + qy) / 2], [qx, qy]);
  }});
  const spots = [[0, -0.6, 0, 'middle', 'auto'], [0, 0.6, 0, 'middle', 'hanging'],
                 [-0.55, 0, -1.4, 'end', 'middle'], [0.55, 0, 1.4, 'start', 'middle']];
  const room = ([dx, dy, cx]) => Math.min(...busy.filter(([px, py]) => px !== x || py !== y)
    .map(([px, py]) => Math.hypot(px - x - cx * H, py - y - dy * H)));
  const spot = busy.length ? spots.reduce((a, c) => room(c) > room(a) + 0.01 * H ? c : a) : spots[0];
  const t = el('text', {x: x + spot[0] * H, y: y + spot[1] * H, 'font-size': H * 0.21, 'text-anchor': spot[3],
                        'dominant-baseline': spot[4]}, box);
  t.textContent = b.label;
  const bb = t.getBBox(), pad = H * 0.06;
  rect.setAttribute('x', bb.x - pad); rect.setAttribute('y', bb.y - pad);
  rect.setAttribute('width', bb.width + 2 * pad); rect.setAttribute('height', bb.height + 2 * pad);
}
function row(table, head, items) {
  if (!items.length) return;
  const tr = document.createElement('tr'), th = document.createElement('th'), td = document.createElement('td');
  th.textContent = head;
  items.forEach((it, k) => { if (k) td.appendChild(document.createElement('br')); td.append(...[].concat(it)); });
  tr.append(th, td); table.appendChild(tr);
}
function battleCard(b) {
  const div = document.createElement('div'), h = document.createElement('b'), t = document.createElement('table');
  div.className = 'battle';
  h.textContent = (b.kind || 'Battle') + ' at ' + b.where;
  div.append(h, t);
  row(t, 'attackers', b.att);
  row(t, 'defenders', b.def);
  row(t, 'odds', [b.reading || b.odds].filter(x => x));
  row(t, 'modifiers', b.mods.map(([shift, words, rule, anchor]) => {
    const out = [(shift ? (shift > 0 ? '+' : '') + shift + ' ' : '') + words];
    if (rule) {
      const a = document.createElement('a'); a.className = 'rule'; a.textContent = rule;
      if (anchor) a.href = '#' + anchor;
      out.push(' ', a);
    }
    return out;
  }));
  row(t, 'result', [(b.die !== null ? 'die ' + b.die + ' → ' : '') + b.result].filter(x => x.trim()));
  row(t, 'determined defense', b.rolls);
  row(t, 'step losses', b.losses);
  row(t, 'retreats', b.movesText.filter(m => m[0] === 'retreat').map(m => m[1]));
  row(t, 'advances', b.movesText.filter(m => m[0] === 'advance').map(m => m[1]));
  row(t, 'then', b.notes);
  return div;
}
function label(st) {
  return 'turn ' + st.t + (st.s ? ', ' + (D.sides[st.s] || st.s) : '') + ', ' + (D.phases[st.p] || st.p);
}
function show(k) {
  cur = Math.max(0, Math.min(N - 1, k));
  const st = D.steps[cur];
  document.getElementById('counter').textContent = 'step ' + cur + ' / ' + (N - 1);
  document.getElementById('slider').value = cur;
  document.getElementById('when').textContent = label(st);
  document.getElementById('what').textContent = st.w + ': ' + st.d;
  document.getElementById('turn').value = String(st.t);
  const box = document.getElementById('here'); box.replaceChildren();
  if ('b' in st) box.appendChild(battleCard(D.battles[st.b]));
  (st.v || []).forEach(i => box.appendChild(card(i)));
  document.querySelectorAll('#list li').forEach(li => li.classList.toggle('here', +li.dataset.step === cur));
  draw(cur);
  history.replaceState(null, '', '#step-' + cur);
}
function card(i) {
  const v = D.violations[i], div = document.createElement('div');
  div.className = 'viol';
  const a = document.createElement('a');
  a.className = 'rule'; a.textContent = 'rule ' + v.rule;
  if (v.anchor) a.href = '#' + v.anchor;
  div.append(a, ' (' + v.where + '): ' + v.msg);
  if (v.follows !== null) {
    const f = document.createElement('a'), e = D.violations[v.follows];
    f.href = '#step-' + e.step; f.textContent = 'follows from rule ' + e.rule + ' at ' + e.at;
    f.onclick = ev => { ev.preventDefault(); show(e.step); };
    div.append(' — ', f);
  }
  return div;
}
function seek(dir, test) {
  for (let k = cur + dir; k >= 0 && k < N; k += dir) if (test(k)) return show(k);
}
const newPhase = k => k > 0 && (D.steps[k].p !== D.steps[k - 1].p || D.steps[k].s !== D.steps[k - 1].s);
const newTurn = k => k > 0 && D.steps[k].t !== D.steps[k - 1].t;
const hasV = k => (D.steps[k].v || []).length > 0;
const keys = {ArrowRight: () => show(cur + 1), ArrowLeft: () => show(cur - 1), Home: () => show(0),
  End: () => show(N - 1), PageDown: () => seek(1, newTurn), PageUp: () => seek(-1, newTurn),
  ']': () => seek(1, newPhase), '[': () => seek(-1, newPhase), n: () => seek(1, hasV), p: () => seek(-1, hasV)};
document.addEventListener('keydown', e => {
  if (e.target.tagName === 'SELECT' || e.target.tagName === 'INPUT' || e.altKey || e.ctrlKey || e.metaKey) return;
  if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
});
document.querySelectorAll('[data-key]').forEach(b => b.onclick = () => keys[b.dataset.key]());
const turnSel = document.getElementById('turn');
for (const t in D.turns) { const o = document.createElement('option'); o.value = t; o.textContent = 'turn ' + t; turnSel.appendChild(o); }
turnSel.onchange = () => show(D.turns[turnSel.value]);
document.getElementById('follow').onchange = () => show(cur);
const slider = document.getElementById('slider'); slider.max = N - 1; slider.oninput = () => show(+slider.value);
const list = document.getElementById('list');
D.violations.forEach((v, i) => {
  const li = document.createElement('li'); li.dataset.step = v.step;
  li.append(card(i)); li.onclick = e => { if (e.target.tagName !== 'A') show(v.step); };
  list.appendChild(li);
});
const m = /^#step-(\d+)$/.exec(location.hash);
show(m ? +m[1] : 0);
"""


def render_page(r: Replay, b: Board | None = None) -> str:
    """The whole page as one HTML string (the same replay gives the same bytes); ``b``: a board already drawn."""
    if not r.states:
        r = replay(r.log, r.game, every_state=True)
    data, faces, doc = _content(r)
    b = b or board(r.game, shown(data))  # only the part of the board the page can show is drawn
    data = _on_board(data, b)
    title = html.escape(one_line(f"{r.game.title}: {r.log.source}"))  # a file name may hold any byte: shown escaped
    w, h = b.image.size
    svg = (f'<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">'
           '<defs>' + "".join(
               f'<marker id="head-{c}" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" '
               f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="{c}h"/></marker>'
               for c in ("act", "fight", "bad", "retreat", "advance")) + _counter_defs(r, b, faces) + '</defs>'
           f'<image href="{data_uri(b.image, "WEBP", quality=BOARD_QUALITY, method=BOARD_METHOD)}" width="{w}" '
           f'height="{h}"/>'
           '<g id="pieces"></g><g id="overlay"></g></svg>')
    svg_css = (".act { stroke: #1e1e1e; opacity: 0.75 } .acth { fill: #1e1e1e }"
               " .fight { stroke: #1946c8; opacity: 0.9 } .fighth { fill: #1946c8 }"
               " .bad { stroke: #c8141e; opacity: 0.9 } .badh { fill: #c8141e }"
               " .retreat { stroke: #e07800; stroke-dasharray: 8 5; opacity: 0.95 } .retreath { fill: #e07800 }"
               " .advance { stroke: #128c3c; opacity: 0.95 } .advanceh { fill: #128c3c }"
               " .target { fill: none; stroke: #1946c8; stroke-width: 3; stroke-dasharray: 6 4 }"
               " .blabel rect { fill: #fff; fill-opacity: 0.93; stroke: #1946c8; stroke-width: 2 }"
               " .blabel text { font-family: sans-serif; font-weight: bold; fill: #111 }"
               " .ring { fill: none; stroke: #e6141e; stroke-width: 6 } .badunit { fill: none; stroke: #dc1428;"
               " stroke-width: 3 } .mark { fill: #f5d228; stroke: #000 }")
    rules_html = (f'<section id="rules"><h1>Rules reference</h1>{doc.html}</section>' if doc.html else
                  '<section id="rules"><p>This game has no rules reference (docs/rules/&lt;game&gt;.md or the '
                  'game folder\'s rules.md).</p></section>')
    nav = "".join(f'<button data-key="{k}" title="{t}">{html.escape(s)}</button>' for k, s, t in (
        ("Home", "first", "first step (Home)"), ("PageUp", "⇞ turn", "previous turn (PageUp)"),
        ("[", "[ phase", "previous phase ([)"), ("p", "◀ violation", "previous violation (p)"),
        ("ArrowLeft", "◀", "previous step (←)"), ("ArrowRight", "▶", "next step (→)"),
        ("n", "violation ▶", "next violation (n)"), ("]", "phase ]", "next phase (])"),
        ("PageDown", "turn ⇟", "next turn (PageDown)"), ("End", "last", "last step (End)")))
    # no "<" at all inside the script element (a message could hold "</script>" or "<!--"): JSON reads \u003c back
    data_json = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False).replace("<", "\\u003c")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
            f'<style>{CSS}{svg_css}</style></head><body>'
            f'<header><h1>{title}</h1><p>{html.escape(summary(r))}</p></header>'
            f'<main><div id="boardbox">{svg}</div><div id="panel">'
            f'<div id="counter">step 0</div><input id="slider" type="range" min="0" value="0" style="width:100%">'
            f'<div class="nav">{nav}</div><select id="turn" aria-label="turn"></select> '
            f'<label><input id="follow" type="checkbox" checked> zoom to the action</label>'
            f'<p id="when" class="where"></p><p id="what"></p><div id="here"></div>'
            f'<h2>Violations ({len(data["violations"])})</h2><ol id="list"></ol>'
            f'<p class="where">Keys: <kbd>←</kbd> <kbd>→</kbd> step, <kbd>PageUp</kbd> <kbd>PageDown</kbd> turn, '
            f'<kbd>[</kbd> <kbd>]</kbd> phase, <kbd>p</kbd> <kbd>n</kbd> violation, <kbd>Home</kbd> '
            f'<kbd>End</kbd>.</p></div></main>{rules_html}'
            f'<script type="application/json" id="data">{data_json}</script>'
            f'<script>{SCRIPT % {"share": COUNTER_SHARE}}</script></body></html>\n')
