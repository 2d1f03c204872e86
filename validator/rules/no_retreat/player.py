"""A random legal player: seeded, deterministic, it writes whole games in the log format that must validate clean.

It plays every phase of every turn for both sides with the rules of Validator I: cards drawn and discarded down to
two, events played now and then by both sides at the moments their cards name (``events_player``), supply markers,
reinforcements placed on legal hexes, moves to random legal destinations (half of them logged with the full path,
the rest with the destination only), entraining (the free unit and bought ones), surrenders in
the Removal Phase and detraining; it keeps stacking legal. It fights every Combat Phase (``combat_player``:
declarations, counterblows, battles with its seeded die and the true results, losses, retreats, counterattacks,
advances). Each action it writes goes through the engine at once (:func:`validator.rules.no_retreat.step`), so it
always sees the true state; an action the engine rejects is a bug in the player or the engine and raises
``AssertionError``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games.model import Game

from ...engine.context import Context
from ...engine.state import face_of, occupants
from ...model import Action, Header
from . import combat_player, context, player_turns, start, step
from .cards import deck_for
from .event_state import saved_units
from .events_player import maybe_play
from .movement import immobile_problem, reachable
from .placement import expected_face, kind_of
from .rail import detrain_hexes, in_box, limited_rail, rail_box
from .state import State
from .supply import side_supply


@dataclass
class Player:
    """The game being written: the engine's context and state, the deck, and the log lines so far."""

    game: Game
    rng: random.Random
    ctx: Context
    state: State
    lines: list[dict[str, Any]] = field(default_factory=list)
    move_share: float = 0.6

    def act(self, kind: str, side: str, /, **fields: Any) -> None:
        line = {"type": kind, "side": side, **fields}
        action = Action(len(self.lines) + 1, kind, side, {k: v for k, v in fields.items()})
        new, findings = step(self.ctx, self.state, action)
        if findings:
            raise AssertionError(f"the random player broke a rule at {line}: {findings}")
        self.state = new
        self.lines.append(line)

    # -- cards, organization, victory (player_turns) ----------------------------------------------------------
    def card_phase(self, side: str) -> None:
        player_turns.card_phase(self, side)

    # -- supply ----------------------------------------------------------------------------------------------
    def supply_phase(self, side: str) -> None:
        self.act("phase", side, phase="supply")
        for s in (side,) + tuple(o for o in self.game.sides if o != side):
            status = side_supply(self.ctx, self.state, s, paths=False)
            self.act("supply", s, unsupplied=sorted(uid for uid, st in status.items() if not st.ok))
        maybe_play(self, "end")

    # -- stacking --------------------------------------------------------------------------------------------
    def fits(self, uid: str, loc: str) -> bool:
        side = self.game.units[uid].side
        here = [u for u in occupants(self.ctx, self.state).get(loc, []) if u != uid]
        if any(self.game.units[u].side != side for u in here):
            return False
        types = [face_of(self.ctx, self.state, u).type for u in here] + [self.face_type(uid)]
        return self.game.stacking_allows(side, self.state.turn, types)

    def face_type(self, uid: str) -> str:
        """The unit type of the face ``uid`` shows, or will show when placed on the map (7.7-7.9)."""
        if self.state.units[uid].loc in self.ctx.board.locations:
            return face_of(self.ctx, self.state, uid).type
        kind, _ = kind_of(self.ctx, self.state, uid)
        face = expected_face(self.ctx, self.state, uid, kind) if kind else self.state.units[uid].face
        return self.ctx.unit_type[uid, face]

    def organization(self, side: str) -> None:
        player_turns.organization(self, side)

    # -- movement --------------------------------------------------------------------------------------------
    def movement(self, side: str) -> None:
        self.act("phase", side, phase="movement")
        maybe_play(self)
        mine = sorted(uid for uid, us in self.state.units.items()
                      if self.game.units[uid].side == side and us.loc in self.ctx.board.locations
                      and immobile_problem(self.ctx, self.state, uid) is None)
        self.rng.shuffle(mine)
        plan = player_turns.move_plan(self, side)
        for uid in mine:
            if self.rng.random() < 0.12 and self.try_entrain(side, uid):
                continue
            face = face_of(self.ctx, self.state, uid)
            if not face.ma or self.rng.random() > self.move_share:
                continue
            options = [(loc, path) for loc, path in sorted(reachable(self.ctx, self.state, uid).items())
                       if self.fits(uid, loc)]
            choice = player_turns.choose_move(self, side, plan, options)
            if choice is None:
                continue
            loc, path = choice
            if self.rng.random() < 0.5:
                self.act("move", side, unit=uid, path=list(path))
            else:
                self.act("move", side, unit=uid, to=loc)
        maybe_play(self, "end")

    def try_entrain(self, side: str, uid: str) -> bool:
        us = self.state.units[uid]
        face = face_of(self.ctx, self.state, uid)
        box = self.game.map.boxes[rail_box(self.ctx, side)]
        if us.unsupplied or not face.ma or not self.game.unit_types[face.type].mobile:
            return False
        if len(in_box(self.state, box.id)) >= (box.capacity or 0):
            return False
        if not self.state.entrained:
            self.act("entrain", side, unit=uid)
            return True
        hand = sorted(self.state.hands[side].known)
        if limited_rail(self.ctx, self.state.turn) or not hand:
            return False
        self.act("entrain", side, unit=uid, pay=[self.rng.choice(hand)])
        return True

    # -- removal and detraining ----------------------------------------------------------------------------
    def removal(self, side: str) -> None:
        self.act("phase", side, phase="removal")
        maybe_play(self)
        saved = saved_units(self.state)
        for s in (side,) + tuple(o for o in self.game.sides if o != side):
            status = side_supply(self.ctx, self.state, s, paths=False)
            for uid in sorted(uid for uid, st in status.items() if not st.ok and self.state.units[uid].unsupplied
                              and uid not in saved):
                self.act("remove", s, unit=uid, to=f"surrendered_{s}", reason="surrender")

    def detraining(self, side: str) -> None:
        self.act("phase", side, phase="detraining")
        for uid in in_box(self.state, rail_box(self.ctx, side)):
            if self.rng.random() < 0.3:
                continue
            spots = [loc for loc in detrain_hexes(self.ctx, self.state, side) if self.fits(uid, loc)]
            if spots:
                self.act("detrain", side, unit=uid, to=self.rng.choice(spots))

    def player_turn(self, side: str) -> None:
        self.card_phase(side)
        self.supply_phase(side)
        self.organization(side)
        self.movement(side)
        combat_player.combat_phase(self, side)
        self.removal(side)
        self.detraining(side)


def header_for(game: Game, scenario: str, hands: dict[str, list[str]]) -> dict[str, Any]:
    return {"format": "hexforge-log", "version": 1, "game": game.id, "scenario": scenario,
            "edition": game.edition, "players": {s: "random player" for s in game.sides},
            "position": {"hands": hands}}


def play(game: Game, seed: int = 1, turns: int | None = None, scenario: str = "campaign_1941",
         move_share: float = 0.6) -> list[dict[str, Any]]:
    """A whole legal game as log lines (header first), ``turns`` game turns long (default: the scenario's, or
    until a victory condition ends it: then the log ends with the winner's claim)."""
    rng = random.Random(seed)
    sc = game.scenarios[scenario]
    h0 = Header(game.id, scenario)
    deck = sorted(deck_for(context(game, h0), sc.first_turn)[0])
    rng.shuffle(deck)
    hands = {side: sorted(deck.pop() for _ in range(sc.hands.get(side, 0))) for side in game.sides}
    head = header_for(game, scenario, hands)
    h = Header(game.id, scenario, head["edition"], position={"hands": hands})
    ctx = context(game, h)
    p = Player(game, rng, ctx, start(ctx), move_share=move_share)
    last = sc.last_turn if turns is None else min(sc.last_turn, sc.first_turn + turns - 1)
    first_side = next(iter(game.sides))
    for turn in range(sc.first_turn, last + 1):
        p.act("turn", first_side, turn=turn)
        player_turns.claim_score(p, first_side)
        p.act("phase", first_side, phase="card")  # ends the Victory Phase
        if player_turns.claim_result(p, first_side):
            return [head] + p.lines
        for side in game.sides:
            p.player_turn(side)
            if player_turns.claim_result(p, side):
                return [head] + p.lines
    return [head] + p.lines
