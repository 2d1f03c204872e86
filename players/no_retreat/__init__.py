"""The random legal player of No Retreat! (``game.play``): a tool that writes legal games with the rules of
``validator.rules.no_retreat``, for tests and benchmarks."""

from .game import header_for, play

__all__ = ["header_for", "play"]
