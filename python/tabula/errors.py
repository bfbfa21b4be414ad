"""The exceptions of tabula. Every one is a ``ValueError``: the input was refused.

``TabulaError`` is the base; a seat that is not at the table raises it directly.
"""

from typing import Optional


class TabulaError(ValueError):
    """Something given to tabula was refused; the message says why."""


class UnknownGame(TabulaError):
    """No game has that name."""


class ConfigError(TabulaError):
    """A player count or config the game does not accept."""


class IllegalAction(TabulaError):
    """An action, action id or chance outcome that is not legal now. The state is unchanged."""


class LoadError(TabulaError):
    """A saved state that does not load, or a history that is not known."""


class ReplayError(TabulaError):
    """A replay that does not run to its end.

    ``index`` is the 0-based index of the first refused action and ``action`` its rendering,
    both ``None`` when the file itself (format, game, config) was refused.
    """

    def __init__(self, message: str, index: Optional[int] = None, action: Optional[str] = None):
        super().__init__(message)
        self.index = index
        self.action = action


class ShapeError(TabulaError):
    """An array of the wrong shape or type for an environment (e.g. one action per
    environment, integer ids)."""


class ResetNeeded(TabulaError):
    """An environment stepped before its first ``reset()`` (call ``reset()`` first)."""


class ClosedEnvironmentError(TabulaError):
    """An environment used after ``close()``."""
