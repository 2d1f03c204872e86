"""The random legal player of Stalingrad '42 (``game.play``): a tool that writes legal games with the rules of
``validator.rules.stalingrad42`` (movement, rail, sea, Entry Areas, reinforcements, replacements, weather, supply,
railheads and Isolation Attrition; combat with Determined Defense, retreats, advances and Breakthrough Combat,
``combat``; recovery), for tests and benchmarks."""

from .game import header_for, play

__all__ = ["header_for", "play"]
