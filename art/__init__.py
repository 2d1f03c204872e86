"""Pillow renderers: map, counters, cards, charts as PNG; print-and-play sheets as PDF."""
