"""The load planner modelled on Mesa ACO's ``emit_load`` (tmu/loadplan.h)."""

import json
import numbers

from . import _enums
from ._native import ffi, lib
from .errors import InvalidArgumentError, check

_REQUEST_INT = ("offset_value", "const_offset", "align_mul", "align_offset", "num_components", "component_size",
                "component_stride", "swizzle_component_size")
_REQUEST_BOOL = ("has_soffset", "has_index", "smem_address")


def _name_value(kind, name, where):
    fn = {"class": (lib.tmu_lp_class_from_name, "tmu_lp_class *"),
          "gpu": (lib.tmu_lp_gen_from_name, "tmu_lp_gen *"),
          "offset_kind": (lib.tmu_lp_offset_kind_from_name, "tmu_lp_offset_kind *")}[kind]
    if isinstance(name, str) and "\0" not in name:
        out = ffi.new(fn[1])
        if fn[0](name.encode("utf-8", "replace"), out) == lib.TMU_OK:
            return int(out[0])
    raise InvalidArgumentError("%s %r is not known (%s)" % (kind, name, ", ".join(names(kind))), where)


def names(kind):
    """The names plan_load accepts for 'class', 'gpu', 'offset_kind' or 'mode'.

    Example::

        >>> tmu.loadplan.names('class')[:3]
        ['lds', 'smem', 'mubuf']
    """
    if kind == "mode":
        return list(_enums.names("tmu_lp_mode", "TMU_LP_"))
    fn, lo, hi = {"class": (lib.tmu_lp_class_name, 0, lib.TMU_LP_CLASS_COUNT),
                  "gpu": (lib.tmu_lp_gen_name, lib.TMU_LP_GEN_FIRST, lib.TMU_LP_GEN_LAST + 1),
                  "offset_kind": (lib.tmu_lp_offset_kind_name, 0, lib.TMU_LP_OFFSET_KIND_COUNT)}[kind]
    return [ffi.string(fn(v)).decode() for v in range(lo, hi)]


def plan_load(**request):
    """Plans one load like ACO's ``emit_load`` and returns the plan as dicts.

    Keywords: ``cls`` (memory class: 'lds', 'smem', 'mubuf', 'mubuf_format', 'mtbuf',
    'scratch_mubuf', 'scratch_flat', 'global'; default 'mubuf'), ``gpu`` ('gfx6'..'gfx12',
    required, as ``tmu plan-load --gpu`` is), ``mode`` ('exact' = correct for every address and fewest loads, or 'aco' =
    what ACO of Mesa 23.x emits), and the ``tmu_lp_request`` fields: ``offset_kind`` ('vgpr',
    'sgpr', 'vgpr64', 'sgpr64', 'const', 'none'), ``offset_value``, ``const_offset``,
    ``align_mul``, ``align_offset``, ``num_components``, ``component_size``,
    ``component_stride``, ``swizzle_component_size``, ``has_soffset``, ``has_index``,
    ``smem_address`` (defaults: ``tmu_lp_request_init``, one 4-byte component, align 4/0).

    Returns the plan as ``tmu plan-load --json`` prints it (one vocabulary: the dict is the
    library's ``tmu_lp_format_json`` text, parsed) plus 'text', the readable pseudo-assembly:
    'class', 'gpu', 'mode', 'total_bytes', 'bytes_read', 'result_regs' ('vgpr' or 'sgpr'),
    'soffset', 'idxen' (booleans), 'fixups' (list of {'value', 'op': 'add'|'and', 'src',
    'operand', 'insn'}; value k is the result of fixups[k-1], value 0 the dynamic offset),
    'loads' (list of {'op', 'bytes', 'const_offset', 'addr', 'align', 'encoded_offset' -- or
    for ds_read2 'offset0', 'offset1', 'unit' --, 'dst_byte', 'useful'}), 'shifts' (list of
    {'load', 'kind': 'const' with 'bytes' | 'runtime' with 'src', 'insn'}: the leading bytes
    a load's result drops) and 'recombine' (per destination component, a list of {'load',
    'byte', 'bytes'} pieces, low byte first).  Refused requests raise
    :class:`tmu.InvalidArgumentError` or :class:`tmu.UnsupportedError` naming the field.

    Example::

        >>> p = tmu.plan_load(cls='lds', gpu='gfx10', num_components=4, component_size=4, align_mul=16)
        >>> [(l['op'], l['bytes'], l['const_offset']) for l in p['loads']]
        [('ds_read_b128', 16, 0)]
    """
    where = "plan_load"
    req = ffi.new("tmu_lp_request *")
    lib.tmu_lp_request_init(req)
    cls = _name_value("class", request.pop("cls", "mubuf"), where)
    if request.get("gpu") is None:
        raise InvalidArgumentError("no GPU given: name it with gpu= ('gfx6' .. 'gfx12'), as tmu plan-load "
                                   "--gpu requires", where)
    gen = _name_value("gpu", request.pop("gpu"), where)
    mode = _enums.value(request.pop("mode", "exact"), "tmu_lp_mode", "TMU_LP_", where, "mode")
    for key, v in request.items():
        if key == "offset_kind":
            req.offset_kind = _name_value("offset_kind", v, where)
        elif key in _REQUEST_INT:
            if not isinstance(v, numbers.Integral) or isinstance(v, bool) or not 0 <= v < 2**32:
                raise InvalidArgumentError("%s must be an integer in [0, 2^32), got %r" % (key, v), where)
            setattr(req, key, int(v))
        elif key in _REQUEST_BOOL:
            if not isinstance(v, (bool, numbers.Integral)) or int(v) not in (0, 1):
                raise InvalidArgumentError("%s must be True or False, got %r" % (key, v), where)
            setattr(req, key, bool(v))
        else:
            raise InvalidArgumentError("unknown request field '%s' (fields: cls, gpu, mode, offset_kind, %s)"
                                       % (key, ", ".join(_REQUEST_INT + _REQUEST_BOOL)), where)
    plan = ffi.new("tmu_lp_plan *")
    diag = ffi.new("tmu_diag *")
    check(lib.tmu_lp_plan_load(req, cls, gen, mode, plan, diag), diag, where)
    return _plan_dict(plan)


def _s(cstr):
    return ffi.string(cstr).decode("utf-8", "replace")


def _plan_dict(p):
    n = lib.tmu_lp_format_json(p, ffi.NULL, 0)
    buf = ffi.new("char[]", n + 1)
    lib.tmu_lp_format_json(p, buf, n + 1)
    plan = json.loads(ffi.string(buf).decode("utf-8"))
    n = lib.tmu_lp_format_text(p, ffi.NULL, 0)
    buf = ffi.new("char[]", n + 1)
    lib.tmu_lp_format_text(p, buf, n + 1)
    plan["text"] = ffi.string(buf).decode("utf-8", "replace")
    return plan
