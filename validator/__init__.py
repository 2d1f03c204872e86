"""The rules validator: game logs (JSON Lines, VASSAL .vlog/.vsav) replayed against the full rules."""
