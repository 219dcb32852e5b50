"""The expert's search: deal sampling from a `SeatView` (`deals`) and fast
perfect-information trick play with play-outs and an exact solver (`engine`)."""

from .deals import DealSampler, proven_lacks
from .engine import Engine
from .value import HandValue

__all__ = ["DealSampler", "Engine", "HandValue", "proven_lacks"]
