"""One rules package per game; a game names its own in ``game.toml`` (``rules_package``)."""
