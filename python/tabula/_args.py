"""Arguments of the Python-side environments checked as the extension checks its own: an
integer out of an argument's range is a ``ConfigError`` naming the argument, anything but an
integer (a float, a bool, a string) a ``TypeError``; action ids are reported as given."""

import operator
from typing import Any, Optional

from .errors import ConfigError, IllegalAction

#: Seeds are 64-bit: ``0 .. SEED_LIMIT - 1``.
SEED_LIMIT = 2**64


def integer(name: str, value: Any) -> int:
    """``value`` as an int, or ``TypeError`` naming the argument (bools are refused)."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        raise TypeError(f"{name} must be an integer, not bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}") from None


def seed(value: Any, name: str = "seed") -> Optional[int]:
    """A seed (``None`` kept): an integer from 0 to 2**64 - 1, else ``ConfigError``."""
    if value is None:
        return None
    v = integer(name, value)
    if not 0 <= v < SEED_LIMIT:
        raise ConfigError(f"{name} must be an integer from 0 to 2**64 - 1, not {v}")
    return v


def action(value: Any, num_actions: int) -> int:
    """An action id as given (an int, a numpy integer or a 0-d integer array), checked to fit
    64 bits; an id out of the action space is reported as given."""
    v = integer("an action", value)
    if not -(2**63) <= v < 2**63:
        raise IllegalAction(f"action id {v} is out of range: ids are 0 to {num_actions - 1}")
    return v
