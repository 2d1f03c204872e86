"""Random legal players, one package per game: tools that use a game's rules package to write whole legal games
(the validator's tests mutate them, the benchmarks replay them). They are not rules: nothing in ``validator``
imports them."""
