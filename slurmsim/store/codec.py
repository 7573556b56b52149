"""How a model dataclass maps to a table row: one column per field, in field order.

Scalars (int, float, str, bool and NewTypes of them) are stored as they are, enums by
value, everything else (tuples, dicts, ``Gres``, nested dataclasses) as canonical JSON
text. A class read by the thousand may instead keep only a few fields in columns of
their own and pack the others into one binary column (see ``RowCodec``). The converters
are worked out once per class from its type hints, so that turning a thousand rows into
jobs costs a few attribute lookups per field, not a type dispatch.
"""

from __future__ import annotations

import dataclasses
import inspect  # already loaded: dataclasses imports it
import json
import marshal
import types
import typing
from collections.abc import Callable, Sequence
from enum import Enum, StrEnum
from functools import cached_property
from operator import attrgetter
from typing import Any, Generic, NamedTuple, TypeVar

T = TypeVar("T")
Convert = Callable[[Any], Any]


class Kind(StrEnum):
    """The storage type of a column; ``schema`` turns it into a SQL type."""

    INT = "int"
    FLOAT = "float"
    TEXT = "text"
    BOOL = "bool"
    JSON = "json"  # text holding canonical JSON
    PACKED = "packed"  # bytes holding a tuple of stored values (see RowCodec)


# NamedTuples, not dataclasses: every command builds these at import, and a frozen
# dataclass costs ~1 ms to create (its methods are compiled from source) where these cost ~0.1.
class Column(NamedTuple):
    name: str
    kind: Kind
    nullable: bool = False


class _Field(NamedTuple):
    column: Column
    encode: Convert | None  # None: stored as it is
    decode: Convert | None


class RowCodec(Generic[T]):
    """Encodes instances of one dataclass as row tuples and decodes them back.

    ``exclude`` leaves fields out (the caller stores them elsewhere and passes them to
    ``decode``); ``bulk`` says that rows of this class are decoded by the thousand, which
    pays for a faster way to build them (see ``_maker``).

    ``pack_into`` names one ``PACKED`` column that holds, as a tuple in field order, the
    stored value of every field but those in ``keep`` (which keep columns of their own,
    before it, for SQL to filter on). The ``sqlite3`` module spends ~800 instructions per
    column it fetches, so a job row of 78 columns was most of what reading a thousand jobs
    cost. The tuple is marshalled (see ``_pack``): ``marshal.loads`` reads a value for a
    fraction of that, where a JSON array costs as much as the columns did. Marshal keeps
    bools, tuples and dicts of scalars as they are, so those fields need no decoding.
    """

    def __init__(
        self,
        cls: type[T],
        *,
        exclude: Sequence[str] = (),
        bulk: bool = False,
        pack_into: str | None = None,
        keep: Sequence[str] = (),
    ) -> None:
        hints = _hints(cls)
        names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]  # a dataclass
        self.cls = cls
        self._bulk = bulk
        self._fields = tuple(
            _field(name, hints[name], packed=pack_into is not None and name not in keep)
            for name in names
            if name not in exclude
        )
        # Where the excluded fields go back in, so decode() can build positionally (faster).
        self._excluded = tuple(
            (names.index(name), name) for name in sorted(exclude, key=names.index)
        )
        own = [i for i, f in enumerate(self._fields) if pack_into is None or f.column.name in keep]
        #: The field positions of the columns before the packed one (all of them: none packed).
        self._own = tuple(own)
        self._packed = pack_into is not None
        packed = (Column(pack_into, Kind.PACKED),) if pack_into is not None else ()
        self.columns = (*(self._fields[i].column for i in own), *packed)
        self._get = attrgetter(*(f.column.name for f in self._fields))
        self._encoders = tuple((i, f.encode) for i, f in enumerate(self._fields) if f.encode)
        self._decoders = tuple((i, f.decode) for i, f in enumerate(self._fields) if f.decode)

    @cached_property
    def immutable(self) -> bool:
        """Whether instances can never change (frozen all the way down): an object that
        is still the one decoded from a row still encodes to that row."""
        return _immutable(self.cls)

    @cached_property
    def _make(self) -> Callable[..., T]:
        return _maker(self.cls) if self._bulk else self.cls

    def __len__(self) -> int:
        """The number of columns."""
        return len(self.columns)

    def encode(self, obj: T) -> tuple[Any, ...]:
        """The row for ``obj``: one value per column, in column order."""
        got = self._get(obj)
        values = list(got) if len(self._fields) > 1 else [got]
        for i, encode in self._encoders:
            if values[i] is not None:
                values[i] = encode(values[i])
        if not self._packed:
            return tuple(values)
        own = [values[i] for i in self._own]
        for i in reversed(self._own):
            del values[i]
        return (*own, _pack(values))

    def decode(self, row: Sequence[Any], **others: Any) -> T:
        """The object stored in ``row``; ``others`` supplies every excluded field."""
        if self._packed:
            values = list(marshal.loads(row[-1]))
            for column, i in enumerate(self._own):
                values.insert(i, row[column])
        else:
            values = list(row)
        for i, decode in self._decoders:
            if values[i] is not None:
                values[i] = decode(values[i])
        for position, name in self._excluded:
            values.insert(position, others[name])
        return self._make(*values)


def _pack(values: list[Any]) -> bytes:
    """The stored values of a row's packed fields, as bytes.

    Format 0 writes every value by type and content alone (later formats flag interned
    strings and repeated objects), so equal values pack to equal bytes: ``save`` finds the
    changed rows by comparing them. Marshal refuses subclasses of str and int (an enum
    member given where a field says ``str``), which are then stored as their plain value.
    """
    try:
        return marshal.dumps(tuple(values), 0)
    except ValueError:
        return marshal.dumps(tuple(_exact(v) for v in values), 0)


def _exact(value: Any) -> Any:
    """``value`` with every str or int subclass (bools aside) made a plain str or int."""
    if isinstance(value, tuple):
        return tuple(_exact(v) for v in value)
    if isinstance(value, dict):
        return {_exact(k): _exact(v) for k, v in value.items()}
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int.__index__(value)
    return value


def _maker(cls: type[T]) -> Callable[..., T]:
    """How ``decode`` builds an instance of ``cls`` from every field's value, in order.

    A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``,
    six times the cost of a plain attribute store: 70 k instructions per ``JobRequest``, of which
    every command decodes one per job. A frozen slotted class is therefore built as
    an unfrozen twin with the very same slots (the same memory layout), whose class
    is then switched to ``cls``: the result is an ordinary instance of ``cls``, equal
    to what ``cls(*values)`` gives. The values come from a row this codec wrote, so
    ``__init__`` has nothing to default or check. Other classes use their ``__init__``.
    Making the twin costs what some dozens of ``__init__`` calls save: only worth it
    for a ``bulk`` codec.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]  # a dataclass
    slots = cls.__dict__.get("__slots__")
    params = getattr(cls, "__dataclass_params__", None)
    if (
        params is None
        or not params.frozen
        or slots != tuple(f.name for f in fields)
        or cls.__bases__ != (object,)
        or hasattr(cls, "__post_init__")
        or not all(f.init for f in fields)
    ):
        return cls
    twin = dataclasses.make_dataclass(
        cls.__name__,
        [(f.name, Any) for f in fields],
        slots=True,
        repr=False,
        eq=False,
        match_args=False,
        namespace={
            # A docstring of its own: without one, dataclass writes one from inspect.signature.
            "__doc__": f"{cls.__name__} with settable fields: see store.codec._maker.",
            # cls's module, not ``types``: its methods then come compiled from the cache
            # of slurmsim's own dataclass methods (see slurmsim.dataclass_cache).
            "__module__": cls.__module__,
        },
    )

    def make(*values: Any) -> T:
        obj = twin(*values)
        obj.__class__ = cls
        return obj  # type: ignore[no-any-return]  # now a cls

    return make


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The field types of a model class: its annotations (and its bases'), as objects.

    ``typing.get_type_hints`` walks and re-evaluates every annotation; model modules
    do not postpone annotations, so theirs are mostly objects already and can be read
    as they are (every command builds the codecs at import). Any with a forward
    reference still go through it.
    """
    hints: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        hints.update(inspect.get_annotations(klass))
    if not all(_evaluated(h) for h in hints.values()):
        return typing.get_type_hints(cls)
    return hints


def _evaluated(hint: object) -> bool:
    """Whether ``hint`` holds no forward reference (``"Constraint"``) at any depth."""
    if isinstance(hint, str | typing.ForwardRef):
        return False
    return all(_evaluated(a) for a in typing.get_args(hint))


def dumps(value: object) -> str:
    """Canonical JSON: sorted keys, no spaces, dataclasses as objects, enums by value."""
    return json.dumps(value, default=_plain, sort_keys=True, separators=(",", ":"))


def _plain(obj: object) -> object:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    raise TypeError(f"cannot store {type(obj).__name__} as JSON")


def _field(column: str, hint: object, *, packed: bool = False) -> _Field:
    base, nullable = _unwrap(hint)
    if packed and _marshalled(base):
        encode = _sorted_dict if _origin(base) is dict else None
        return _Field(Column(column, Kind.PACKED, nullable), encode, None)
    if base is bool:
        return _Field(Column(column, Kind.BOOL, nullable), None, bool)
    if base is int:
        return _Field(Column(column, Kind.INT, nullable), None, None)
    if base is float:
        return _Field(Column(column, Kind.FLOAT, nullable), None, float)
    if isinstance(base, type) and issubclass(base, Enum):
        by_value = {member.value: member for member in base}
        return _Field(Column(column, Kind.TEXT, nullable), _enum_value, by_value.__getitem__)
    if base is str:
        return _Field(Column(column, Kind.TEXT, nullable), None, None)
    json_column = Column(column, Kind.JSON, nullable)
    return _Field(json_column, _json_encoder(base), json_decoder(base))


def _marshalled(hint: object) -> bool:
    """Whether marshal keeps ``hint`` values as they are: ints, strs, bools, and tuples
    and dicts of them (floats keep their decoder: a float field may be given an int)."""
    base, _ = _unwrap(hint)
    if base in (int, str, bool):
        return True
    if _origin(base) in (tuple, dict):
        return all(a is Ellipsis or _marshalled(a) for a in typing.get_args(base))
    return False


def _sorted_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    """``value`` in key order, as a JSON column stored it: equal dicts pack to equal bytes."""
    return dict(sorted(value.items())) if len(value) > 1 else value


def _json_encoder(base: object) -> Convert:
    if _origin(base) is dict:  # unhashable; most jobs' ``extra`` is empty
        return lambda value: dumps(value) if value else "{}"
    # Most jobs share the same empty tuples and GRES: encode each distinct value once.
    cache: dict[object, str] = {}

    def encode(value: object) -> str:
        try:
            return cache[value]
        except KeyError:
            text = cache[value] = dumps(value)
            return text

    return encode


#: A member's value. ``_value_`` is the plain attribute behind the ``value`` property,
#: which costs a descriptor call per job per enum column.
_enum_value: Convert = attrgetter("_value_")


def json_decoder(hint: object) -> Callable[[str], Any]:
    """A function that turns JSON text written by ``dumps`` back into a ``hint`` value."""
    convert = _converter(hint)
    if not _immutable(hint):  # every object gets its own
        if _origin(_unwrap(hint)[0]) is dict:
            # Most jobs' ``extra`` is empty: a fresh {} costs far less than parsing "{}".
            return lambda text: {} if text == "{}" else convert(json.loads(text))
        return lambda text: convert(json.loads(text))
    # Equal texts can share one immutable value: most jobs have the same empty tuples
    # and the same GRES.
    cache: dict[str, object] = {}

    def decode(text: str) -> object:
        try:
            return cache[text]
        except KeyError:
            value = cache[text] = convert(json.loads(text))
            return value

    return decode


def _immutable(hint: object) -> bool:
    base, _ = _unwrap(hint)
    if base in (int, float, str, bool, type(None)) or (
        isinstance(base, type) and issubclass(base, Enum)
    ):
        return True
    if _origin(base) is tuple:
        return all(a is Ellipsis or _immutable(a) for a in typing.get_args(base))
    if isinstance(base, type) and dataclasses.is_dataclass(base):
        hints = _hints(base)
        frozen = base.__dataclass_params__.frozen  # type: ignore[attr-defined]  # dataclass
        return bool(frozen) and all(_immutable(hints[f.name]) for f in dataclasses.fields(base))
    return False


def _same(value: object) -> object:
    return value


def _converter(hint: object) -> Convert:
    base, nullable = _unwrap(hint)
    convert = _converter_of(base)
    if not nullable or convert is _same:
        return convert
    return lambda v: None if v is None else convert(v)


def _converter_of(hint: object) -> Convert:
    origin, args = _origin(hint), typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _converter(args[0])
            return tuple if item is _same else lambda v: tuple(item(x) for x in v)
        items = tuple(_converter(a) for a in args)
        return lambda v: tuple(c(x) for c, x in zip(items, v, strict=True))
    if origin is dict:
        value = _converter(args[1])
        return lambda v: {k: value(x) for k, x in v.items()}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_converter(hint)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint
    return _same


def _dataclass_converter(cls: type[Any]) -> Convert:
    hints = _hints(cls)
    fields = {f.name: _converter(hints[f.name]) for f in dataclasses.fields(cls)}

    # Keys the class no longer has are dropped and missing ones take their defaults,
    # so that a JSON blob written before an additive model change still loads.
    def convert(value: dict[str, Any]) -> object:
        return cls(**{k: fields[k](v) for k, v in value.items() if k in fields})

    return convert


def _origin(hint: object) -> object:
    return typing.get_origin(hint)


def _unwrap(hint: object) -> tuple[object, bool]:
    """``(base type, nullable)`` with NewTypes and ``X | None`` peeled off."""
    nullable = False
    while True:
        if isinstance(hint, typing.NewType):
            hint = hint.__supertype__
        elif _origin(hint) in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(hint) if a is not type(None)]
            if len(args) != 1:
                raise TypeError(f"cannot store a union {hint}")
            nullable, hint = True, args[0]
        else:
            return hint, nullable
