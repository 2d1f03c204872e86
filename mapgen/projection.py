"""lon/lat → hex space, the way a cartographer fits a printed map: a Lambert conformal conic projection (sphere), a
least-squares similarity or affine transform onto the hex centres (or hexside middles) of the fit points, and an
optional thin-plate-spline rubber sheet that moves each fit point exactly onto its hex and the land around it with
it. The residuals of the global fit, per fit point and in hexes, say how well real geography and the published
hex numbers agree.

Hex space: x east, y south, one unit = one hex across its flats (games.grid.Layout with hex_width 1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .config import ProjectionConfig

EARTH_RADIUS_KM = 6371.0


@dataclass(frozen=True)
class Conic:
    """Lambert conformal conic on a sphere: (lon, lat) degrees → (x east, y north) km."""

    lon0: float
    lat0: float
    lat1: float
    lat2: float

    def _constants(self) -> tuple[float, float, float]:
        f1, f2, f0 = (math.radians(v) for v in (self.lat1, self.lat2, self.lat0))
        t = lambda f: math.tan(math.pi / 4 + f / 2)  # noqa: E731
        n = math.sin(f1) if abs(f1 - f2) < 1e-12 else math.log(math.cos(f1) / math.cos(f2)) / math.log(t(f2) / t(f1))
        big_f = math.cos(f1) * t(f1) ** n / n
        return n, big_f, EARTH_RADIUS_KM * big_f / t(f0) ** n

    def forward(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        n, big_f, rho0 = self._constants()
        rho = EARTH_RADIUS_KM * big_f / np.tan(np.pi / 4 + np.radians(lat) / 2) ** n
        theta = n * np.radians(np.asarray(lon, dtype=float) - self.lon0)
        return rho * np.sin(theta), rho0 - rho * np.cos(theta)


def _design(x: np.ndarray, y: np.ndarray, model: str) -> np.ndarray:
    """Rows of the linear system for (u, v) interleaved: u0, v0, u1, v1 ..."""
    one, zero = np.ones_like(x), np.zeros_like(x)
    if model == "similarity":  # u = a x - b y + c,  v = b x + a y + d
        a = np.zeros((2 * len(x), 4))
        a[0::2] = np.c_[x, -y, one, zero]
        a[1::2] = np.c_[y, x, zero, one]
        return a
    a = np.zeros((2 * len(x), 6))  # affine: u = a x + b y + c,  v = d x + e y + f
    a[0::2, :3] = np.c_[x, y, one]
    a[1::2, 3:] = np.c_[x, y, one]
    return a


def _tps_kernel(r: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        k = r * r * np.log(r)
    return np.nan_to_num(k)


@dataclass(frozen=True)
class Residual:
    name: str
    hex: str
    target: tuple[float, float]
    fitted: tuple[float, float]

    @property
    def hexes(self) -> float:
        """How far the global fit puts the point from its hex, in hexes."""
        return math.hypot(self.fitted[0] - self.target[0], self.fitted[1] - self.target[1])


@dataclass(frozen=True)
class Projector:
    """The fitted projection. ``km_per_hex`` and ``rotation_deg`` describe the global fit."""

    conic: Conic
    model: str
    params: tuple[float, ...]
    warp_points: tuple[tuple[float, float], ...]  # fitted positions of the fit points (TPS centres)
    warp_weights: tuple[tuple[float, float], ...]
    warp_affine: tuple[tuple[float, float], ...]  # 3 rows (1, x, y) x (du, dv)
    residuals: tuple[Residual, ...]

    def _global(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x, y = self.conic.forward(lon, lat)
        y = -y  # hex rows grow southward
        uv = _design(x, y, self.model) @ np.asarray(self.params)
        return uv[0::2], uv[1::2]

    def __call__(self, lon, lat) -> tuple[np.ndarray, np.ndarray]:
        """Hex-space (x, y) of lon/lat arrays (or scalars)."""
        lon, lat = np.atleast_1d(np.asarray(lon, float)), np.atleast_1d(np.asarray(lat, float))
        u, v = self._global(lon, lat)
        if not self.warp_points:
            return u, v
        c = np.asarray(self.warp_points)
        k = _tps_kernel(np.hypot(u[:, None] - c[None, :, 0], v[:, None] - c[None, :, 1]))
        w, a = np.asarray(self.warp_weights), np.asarray(self.warp_affine)
        base = np.c_[np.ones_like(u), u, v]
        return u + k @ w[:, 0] + base @ a[:, 0], v + k @ w[:, 1] + base @ a[:, 1]

    @property
    def km_per_hex(self) -> float:
        p = self.params
        if self.model == "similarity":
            return 1.0 / math.hypot(p[0], p[1])
        return 1.0 / math.sqrt(abs(p[0] * p[4] - p[1] * p[3]))

    @property
    def rotation_deg(self) -> float:
        p = self.params
        return math.degrees(math.atan2(p[1], p[0])) if self.model == "similarity" else math.degrees(
            math.atan2(p[3], p[0]))

    @property
    def rms(self) -> float:
        return math.sqrt(sum(r.hexes ** 2 for r in self.residuals) / len(self.residuals))

    def report(self) -> list[str]:
        """The residual table (one line per fit point), worst first."""
        lines = [
            f"projection: {self.model} fit of {len(self.residuals)} points, {self.km_per_hex:.2f} km per hex, "
            f"rotation {self.rotation_deg:+.2f} deg, rms residual {self.rms:.2f} hexes"
        ]
        for r in sorted(self.residuals, key=lambda r: (-round(r.hexes, 6), r.name)):
            dx, dy = r.fitted[0] - r.target[0], r.fitted[1] - r.target[1]
            lines.append(f"  {r.hex:>9}  {r.hexes:5.2f} hexes  (dx {dx:+.2f}, dy {dy:+.2f})  {r.name}")
        return lines


def fit(cfg: ProjectionConfig, names: list[str], hexes: list[str], lonlat: np.ndarray,
        targets: np.ndarray) -> Projector:
    """Least squares from the fit points' lon/lat to their hex-space targets, then the rubber sheet."""
    need = 2 if cfg.fit == "similarity" else 3
    if len(names) < need:
        raise ValueError(f"a {cfg.fit} fit needs at least {need} fit points, found {len(names)}")
    conic = Conic(cfg.lon0, cfg.lat0, cfg.lat1, cfg.lat2)
    x, y = conic.forward(lonlat[:, 0], lonlat[:, 1])
    a = _design(x, -y, cfg.fit)
    params, *_ = np.linalg.lstsq(a, targets.reshape(-1), rcond=None)
    fitted = (a @ params).reshape(-1, 2)
    residuals = tuple(
        Residual(n, h, (round(float(t[0]), 6), round(float(t[1]), 6)), (round(float(f[0]), 6), round(float(f[1]), 6)))
        for n, h, t, f in zip(names, hexes, targets, fitted)
    )
    if cfg.warp == "none":
        return Projector(conic, cfg.fit, tuple(float(p) for p in params), (), (), (), residuals)
    n = len(names)
    k = _tps_kernel(np.hypot(fitted[:, None, 0] - fitted[None, :, 0], fitted[:, None, 1] - fitted[None, :, 1]))
    p = np.c_[np.ones(n), fitted]
    system = np.zeros((n + 3, n + 3))
    system[:n, :n] = k + cfg.smoothing * np.eye(n)
    system[:n, n:] = p
    system[n:, :n] = p.T
    rhs = np.zeros((n + 3, 2))
    rhs[:n] = targets - fitted
    sol = np.linalg.lstsq(system, rhs, rcond=None)[0]
    return Projector(
        conic, cfg.fit, tuple(float(v) for v in params),
        tuple((float(u), float(v)) for u, v in fitted),
        tuple((float(u), float(v)) for u, v in sol[:n]),
        tuple((float(u), float(v)) for u, v in sol[n:]),
        residuals,
    )
