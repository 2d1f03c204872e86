"""Deterministic smooth noise for hand-drawn looking maps: lattice value noise summed over octaves, and hashed
jitter for placing motifs. Only integer hashing, ``floor``, ``+``, ``-``, ``*`` and ``/`` are used (no ``sin`` or
``exp`` whose last bits differ between maths libraries and CPUs), so every machine draws the same map.
"""

from __future__ import annotations

import numpy as np

_MASK = 0xFFFFFFFF


def hash_unit(ix: np.ndarray, iy: np.ndarray, seed: int) -> np.ndarray:
    """A fixed pseudo-random number in [-1, 1) for each integer lattice point (ix, iy) and ``seed``."""
    h = (ix.astype(np.int64) * 374761393 + iy.astype(np.int64) * 668265263 + (seed * 1442695041 & _MASK)) & _MASK
    h = ((h ^ (h >> 13)) * 1274126177) & _MASK
    h = h ^ (h >> 16)
    return (h & 0xFFFF).astype(np.float64) / 32768.0 - 1.0


def value_noise(x: np.ndarray, y: np.ndarray, period: float, seed: int) -> np.ndarray:
    """Smooth noise in [-1, 1] with features about ``period`` apart (bilinear value noise, smoothstep-eased)."""
    fx, fy = np.asarray(x, dtype=np.float64) / period, np.asarray(y, dtype=np.float64) / period
    ix, iy = np.floor(fx), np.floor(fy)
    u, v = fx - ix, fy - iy
    u, v = u * u * (3.0 - 2.0 * u), v * v * (3.0 - 2.0 * v)
    ix, iy = ix.astype(np.int64), iy.astype(np.int64)
    a, b = hash_unit(ix, iy, seed), hash_unit(ix + 1, iy, seed)
    c, d = hash_unit(ix, iy + 1, seed), hash_unit(ix + 1, iy + 1, seed)
    top, bottom = a + (b - a) * u, c + (d - c) * u
    return top + (bottom - top) * v


def fbm(x: np.ndarray, y: np.ndarray, period: float, seed: int, octaves: int = 3, gain: float = 0.45,
        lacunarity: float = 2.6) -> np.ndarray:
    """Fractal noise in about [-1, 1]: ``octaves`` layers of :func:`value_noise`, each finer and fainter."""
    total = np.zeros(np.shape(x), dtype=np.float64)
    amp, norm, p = 1.0, 0.0, period
    for k in range(octaves):
        total += amp * value_noise(x, y, p, seed + 101 * k)
        norm += amp
        amp *= gain
        p /= lacunarity
    return total / norm

