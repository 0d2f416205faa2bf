"""Names of C enumerators, read from the cffi types (so they follow the headers).

``names('tmu_address', 'TMU_ADDRESS_')`` gives ``{'repeat': 0, 'mirrored_repeat': 1, ...}``:
the enumerators of the C enum with the prefix removed, in lower case, *_COUNT left out.
"""

import functools
import numbers

from ._native import ffi
from .errors import InvalidArgumentError


@functools.lru_cache(maxsize=None)
def names(ctype, prefix):
    """{lower-case name: value} of the enumerators of C enum ``ctype`` starting with ``prefix``."""
    elems = ffi.typeof(ctype).relements
    out = {}
    for name, value in sorted(elems.items(), key=lambda kv: kv[1]):
        if name.startswith(prefix) and not name.endswith("_COUNT"):
            out[name[len(prefix):].lower()] = value
    return out


def value(x, ctype, prefix, where, what):
    """The C value of ``x``: a name of ``names(ctype, prefix)`` (any case) or one of its values."""
    table = names(ctype, prefix)
    if isinstance(x, str):
        v = table.get(x.lower())
        if v is None:
            raise InvalidArgumentError("%s '%s' is not one of: %s" % (what, x, ", ".join(table)), where)
        return v
    if isinstance(x, numbers.Integral) and not isinstance(x, bool) and int(x) in table.values():
        return int(x)
    raise InvalidArgumentError("%s %r is not one of: %s" % (what, x, ", ".join(table)), where)


def name(v, ctype, prefix):
    """The lower-case name of C value ``v`` (or str(v) when it has none)."""
    for n, x in names(ctype, prefix).items():
        if x == v:
            return n
    return str(v)
