"""`Record`: the lint's frozen value records (fields in `__slots__`, compared and hashed by value,
shown as `Name(field=value, ...)`, copied with changes by `replace`), written by hand so that the
lint's start-up does not import `dataclasses` (and `inspect` with it: ~15 ms of a pre-commit
call). A record class lists its fields in `__slots__`, annotates them, and its `__init__` hands
their values, in that order, to `_fill`."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from typing_extensions import Self


def _rebuilt(cls: type[Record], values: tuple[object, ...]) -> Record:
    """A record unpickled (from a forked worker) or copied, its `__init__` not run again."""
    record = object.__new__(cls)
    record._fill(*values)
    return record


class Record:
    __slots__: tuple[str, ...] = ()
    # Fields left out of equality, hashing and `compared_items` (as `field(compare=False)`).
    uncompared: tuple[str, ...] = ()

    def _fill(self, *values: object) -> None:
        for name, value in zip(self.__slots__, values, strict=True):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: {type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: {type(self).__name__} is frozen")

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuilt, (type(self), tuple(getattr(self, n) for n in self.__slots__)))

    def compared_items(self) -> list[tuple[str, object]]:
        """(name, value) of each field that equality compares, in field order."""
        return [(n, getattr(self, n)) for n in self.__slots__ if n not in self.uncompared]

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, n) for n in self.__slots__ if n not in self.uncompared)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def replace(self, **changes: object) -> Self:
        """A copy with the fields named in `changes` set to their new values."""
        unknown = set(changes) - set(self.__slots__)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        copy = object.__new__(type(self))
        for name in self.__slots__:
            object.__setattr__(copy, name, changes.get(name, getattr(self, name)))
        return copy
