#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Check that the Fortran module fortran/gpurng.f90 matches libgpurng's public C headers.

Usage: check_module.py [HEADER ...] [MODULE]
  HEADER  a public C header; give several to check them together (the module must match their union).
          Default: every include/gpurng*.h of this repository except generated ones (gpurng_version.h,
          gpurng_export.h, and any header with a HEADER.in template beside it) and the C++-only
          gpurng_kernel.h (the device API: state structs and GPURNG_HD calls no Fortran program can use),
          today include/gpurng.h, include/gpurng_pde.h, include/gpurng_pricing.h and
          include/gpurng_tridiag.h.
  MODULE  the Fortran module, recognised by its suffix (.f90, .F90, .f95, .f03, .f08). Default: this
          repository's fortran/gpurng.f90.
The earlier form `check_module.py HEADER MODULE` still works; it now checks the module against that one
header, so a module that also binds the solver headers' functions needs them named too.
Exit status 0 when they match, 1 with one line per difference otherwise, 2 when a file cannot be read
or parsed (or a header adds a function or constant another one already defined differently).

Verified, with the headers as the authority (types, enums and handles of one header serve the others,
e.g. gpurng_tridiag.h's use of gpurng.h's gpurngCudaStream_t):
  - every GPURNG_API function of every header has exactly one bind(C) interface with the same binding
    name, and the module binds no function that none of the headers declares;
  - a function returning a value is a Fortran function with the matching result kind;
  - the same number of arguments, and for each argument (by position) the Fortran type and kind and
    whether it is passed by value, following the mapping documented at the top of gpurng.f90:
        C scalar T            -> F(T), value
        C T *                 -> F(T) by reference (scalar or array), or type(c_ptr), value (the form
                                 for arrays that may be NULL, such as the solvers' pads and info)
        C T **                -> type(c_ptr) by reference
      (an array typedef such as gpurngDirectionVectors32_t maps to its element type; a plain parameter of
      it decays to a pointer);
      with F(enum) = integer(c_int), F(opaque handle typedef such as gpurngSolver_t) = type(c_ptr),
      F(size_t) = integer(c_size_t), F(unsigned long long) = integer(c_long_long), ... (TYPE_MAP below),
      F(struct typedef such as gpurngPricingOptions_t) = type(gpurngPricingOptions_t);
  - every struct typedef of every header (typedef struct tag { members } name_t;) has a derived type of
    the same name with the BIND(C) attribute whose components are the C members: the same names (case
    aside), as many and in the same order, each of kind F(T) for a member of type T (enum, int, unsigned
    long long, double, another struct typedef, ...), type(c_ptr) for any pointer member (const double *),
    and an array of the same extent for an array member. A BIND(C) type is laid out as the companion C
    compiler lays out the struct, so this makes the layouts equal. The module declares no BIND(C) type
    named gpurng... that none of the headers defines;
  - every enum constant of every header is an integer(c_int), parameter with the header's value, every
    numeric #define GPURNG_... (or alias of a constant of any of the headers) is a parameter of the matching
    kind and value, and the module declares no GPURNG_... parameter that none of the headers defines.
Which C pointers may be NULL is not checked (the headers say so only in prose); tests/fortran/
test_module_calls.f90 passes c_null_ptr for them at run time.
Standard library only, so it runs wherever CMake found a Python 3 interpreter.
"""
import glob
import os
import re
import sys

# C base type (after removing const and pointers) -> Fortran type spec. Enum and opaque-handle
# typedefs are added from the header itself, so a new enum needs no change here.
TYPE_MAP = {
    "int": "integer(c_int)",
    "unsigned int": "integer(c_int)",
    "unsigned": "integer(c_int)",
    "long long": "integer(c_long_long)",
    "unsigned long long": "integer(c_long_long)",
    "size_t": "integer(c_size_t)",
    "float": "real(c_float)",
    "double": "real(c_double)",
    "char": "character(kind=c_char)",
}
C_PTR = "type(c_ptr)"


class ParseError(Exception):
    pass


# ---------------------------------------------------------------------------------------------- C side
def strip_c_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def parse_c_type(decl):
    """'const unsigned long long **' -> ('unsigned long long', 2)."""
    depth = decl.count("*")
    words = decl.replace("*", " ").split()
    words = [w for w in words if w not in ("const", "volatile", "restrict", "struct", "enum")]
    return " ".join(words), depth


def read_header(path):
    with open(path, encoding="utf-8") as f:
        return strip_c_comments(f.read())


def parse_typedefs(path, text, type_map, array_typedefs, constants, origin, structs):
    """Add the header's enums (type and constants), opaque handles, array typedefs and structs."""
    # typedef enum tag { A = 1, B, ... } name_t;
    for m in re.finditer(r"typedef\s+enum\s*\w*\s*\{(.*?)\}\s*(\w+)\s*;", text, flags=re.S):
        type_map[m.group(2)] = "integer(c_int)"
        value = -1
        for item in m.group(1).split(","):
            item = item.strip()
            if not item:
                continue
            name, _, expr = item.partition("=")
            name = name.strip()
            value = parse_c_int(expr, path, name) if expr.strip() else value + 1
            add_constant(constants, origin, name, (value, "integer(c_int)"), path)
    # typedef struct tag *handle_t;   (opaque handles)
    for m in re.finditer(r"typedef\s+struct\s+\w+\s*\*\s*(\w+)\s*;", text):
        type_map[m.group(1)] = C_PTR
    # typedef int (*name_fn)(...);   (function pointers): type(c_funptr), passed by value
    for m in re.finditer(r"typedef\s+[\w\s]+\(\s*\*\s*(\w+)\s*\)\s*\(", text):
        type_map[m.group(1)] = "type(c_funptr)"
    # typedef unsigned int name_t[32];   (fixed-size arrays): the element's Fortran type. A name_t * is the
    # address of the elements themselves (an array by reference), a name_t ** (a pointer set to a table of
    # them) needs type(c_ptr) by reference like any T **, and a plain name_t parameter decays to a pointer.
    for m in re.finditer(r"typedef\s+([\w\s]+?)\s+(\w+)\s*\[\s*\w+\s*\]\s*;", text):
        base, _ = parse_c_type(m.group(1))
        if base not in type_map:
            raise ParseError(f"{path}: array typedef {m.group(2)}: unknown element type '{base}'")
        type_map[m.group(2)] = type_map[base]
        array_typedefs.add(m.group(2))
    # typedef struct tag { T a, b; const U *p; V c[N]; } name_t;   (structs passed to or returned by the
    # API): the Fortran BIND(C) derived type of the same name. The members are kept to compare later, once
    # every header's types are known (a member may be an enum of another header).
    for m in re.finditer(r"typedef\s+struct\s*\w*\s*\{(.*?)\}\s*(\w+)\s*;", text, flags=re.S):
        name = m.group(2)
        if name in structs:
            raise ParseError(f"{path}: struct {name} is also defined in {origin[name]}")
        structs[name] = parse_struct_members(path, name, m.group(1))
        origin[name] = os.path.basename(path)
        type_map[name] = f"type({name.lower()})"


def parse_struct_members(path, struct, body):
    """[(member, (base, pointer depth), array extent text or None)] of a struct body, in order."""
    declarator = r"(\**)\s*(\w+)\s*(?:\[\s*(\w+)\s*\])?"
    members = []
    for decl in body.split(";"):
        decl = " ".join(decl.split())
        if not decl:
            continue
        parts = [p.strip() for p in decl.split(",")]
        first = re.fullmatch(r"(.*?[\w\s])\s*" + declarator, parts[0])
        if not first or not first.group(1).strip() or "{" in decl or "(" in decl or ":" in decl:
            raise ParseError(f"{path}: struct {struct}: cannot parse the member declaration '{decl}'")
        base, depth = parse_c_type(first.group(1))
        found = [first.groups()[1:]]
        for p in parts[1:]:
            more = re.fullmatch(declarator, p)
            if not more:
                raise ParseError(f"{path}: struct {struct}: cannot parse the member declaration '{decl}'")
            found.append(more.groups())
        for stars, member, extent in found:
            members.append((member, (base, depth + len(stars)), extent))
    if not members:
        raise ParseError(f"{path}: struct {struct} has no members")
    return members


def add_constant(constants, origin, name, entry, path):
    if name in constants and constants[name] != entry:
        raise ParseError(f"{path}: {name} is also defined in {origin[name]} with another value")
    constants[name] = entry
    origin.setdefault(name, os.path.basename(path))


def parse_defines(path, text):
    """[(name, literal text)] of the header's '#define GPURNG_NAME <text>' lines."""
    return [(m.group(1), m.group(2).strip())
            for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(GPURNG_\w+)[ \t]+([^\n]+)$", text, flags=re.M)]


def parse_functions(path, text, array_typedefs, functions, origin):
    def c_type(decl):
        base, depth = parse_c_type(decl)
        return base, depth + (base in array_typedefs and depth == 0)

    found = 0
    for m in re.finditer(r"\bGPURNG_API\b(.*?);", text, flags=re.S):
        decl = " ".join(m.group(1).split())
        pm = re.fullmatch(r"(.+?)\b(\w+)\s*\((.*)\)", decl)
        if not pm:
            raise ParseError(f"{path}: cannot parse the prototype '{decl}'")
        ret, name, params = pm.group(1), pm.group(2), pm.group(3).strip()
        args = []
        if params and params != "void":
            for p in params.split(","):
                pp = re.fullmatch(r"(.*?)(\w+)\s*", p.strip())
                if not pp or not pp.group(1).strip():
                    raise ParseError(f"{path}: {name}: parameter '{p.strip()}' has no name")
                args.append((pp.group(2), c_type(pp.group(1))))
        if name in functions:
            where = "twice" if origin[name] == os.path.basename(path) else f"also in {origin[name]}"
            raise ParseError(f"{path}: {name} is declared {where}")
        functions[name] = (c_type(ret), args)
        origin[name] = os.path.basename(path)
        found += 1
    return found


def parse_headers(paths):
    """Return (functions, constants, type_map, origin, structs) of all headers together. functions: name ->
    (return (base, depth), [(pname, (base, depth))]); constants: name -> (value, fortran kind spec);
    origin: function, constant or struct name -> the basename of the header that declares it; structs:
    name -> [(member, (base, depth), array extent text or None)]."""
    texts = [(path, read_header(path)) for path in paths]
    type_map, array_typedefs, constants, origin, structs = dict(TYPE_MAP), set(), {}, {}, {}
    # Pass 1: the types and enum constants of every header, so that any header may use another's.
    for path, text in texts:
        parse_typedefs(path, text, type_map, array_typedefs, constants, origin, structs)
    # Pass 2: #defines (integer literals first, then aliases of any header's constants), and prototypes.
    aliases = []
    for path, text in texts:
        for name, literal in parse_defines(path, text):
            if re.fullmatch(r"\(?-?(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\)?", literal):
                kind = "integer(c_long_long)" if re.search(r"[lL]{2}", literal) else "integer(c_int)"
                add_constant(constants, origin, name, (parse_c_int(literal, path, name), kind), path)
            else:
                aliases.append((path, name, literal))
    progress = True
    while aliases and progress:  # #define GPURNG_ALIAS GPURNG_OTHER_CONSTANT, in any order
        progress = False
        for alias in list(aliases):
            path, name, literal = alias
            if literal in constants:
                add_constant(constants, origin, name, constants[literal], path)
                aliases.remove(alias)
                progress = True
    functions = {}
    for path, text in texts:
        n = parse_functions(path, text, array_typedefs, functions, origin)
        if n == 0 and not any(origin.get(c) == os.path.basename(path) for c in constants):
            raise ParseError(f"{path}: no GPURNG_API prototypes and no constants found")
    if not functions:
        raise ParseError(f"{', '.join(paths)}: no GPURNG_API prototypes found")
    return functions, constants, type_map, origin, structs


def parse_header(path):
    """One header on its own: (functions, constants, type_map), as parse_headers."""
    functions, constants, type_map, _, _ = parse_headers([path])
    return functions, constants, type_map


def parse_c_int(expr, path, name):
    literal = expr.strip().strip("()").rstrip("uUlL")
    try:
        return int(literal, 0)
    except ValueError:
        raise ParseError(f"{path}: the value of {name} ('{expr.strip()}') is not an integer literal")


# ---------------------------------------------------------------------------------------- Fortran side
def fortran_statements(path):
    """Lower-cased free-form statements with comments removed and continuations joined."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    statements, pending = [], ""
    for line in lines:
        code = strip_fortran_comment(line).strip()
        if pending and code.startswith("&"):
            code = code[1:]
        if code.endswith("&"):
            pending += code[:-1] + " "
            continue
        code = pending + code
        pending = ""
        for s in code.split(";"):
            if s.strip():
                statements.append(s.strip())
    return statements


def strip_fortran_comment(line):
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "!":
            return line[:i]
    return line


def normalize_type(spec):
    spec = re.sub(r"\s+", "", spec.lower()).replace("kind=", "")
    return spec.replace("character(c_char)", "character(kind=c_char)")


DECL_RE = re.compile(r"^(integer|real|type|character|logical|complex)\s*(\([^)]*\))?\s*(.*?)::\s*(.*)$", re.I)


def split_top_level(text):
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def parse_declaration(stmt):
    """'integer(c_int), intent(out) :: a(*), b' -> (type spec, attributes, [(name, is_array, init, extent)]),
    extent the text between an array's parentheses ('*' for a(*)), None for a scalar."""
    m = DECL_RE.match(stmt)
    if not m:
        return None
    spec = normalize_type(m.group(1) + (m.group(2) or ""))
    attrs = [a.strip().lower() for a in split_top_level(m.group(3).strip().lstrip(","))]
    entities = []
    for ent in split_top_level(m.group(4)):
        name, _, init = ent.partition("=")
        name = name.strip()
        em = re.fullmatch(r"(\w+)\s*(\(.*\))?", name)
        if not em:
            return None
        dimension = [a for a in attrs if a.startswith("dimension")]
        is_array = bool(em.group(2)) or bool(dimension)
        shape = em.group(2) or (dimension[0][len("dimension"):] if dimension else None)
        extent = re.sub(r"\s+", "", shape.strip()[1:-1]) if shape else None
        entities.append((em.group(1).lower(), is_array, init.strip(), extent))
    return spec, attrs, entities


PROC_RE = re.compile(r"^(?:(.*?)\s+)?(function|subroutine)\s+(\w+)\s*\(([^)]*)\)\s*(.*)$", re.I)


TYPE_DEF_RE = re.compile(r"^type\s*(?:,\s*(.*?))?\s*(?:::)?\s*(\w+)$", re.I)


def parse_module(path):
    """Return (procedures, parameters, types). procedures: binding name -> dict(kind, fname, args, result,
    decls); parameters: lower-case name -> (value text, type spec); types: lower-case name of a derived
    type -> dict(name, bind (has BIND(C)), components [(name, type spec, extent or None)] in order)."""
    procedures, parameters, types = {}, {}, {}
    in_interface, current, dtype = 0, None, None
    for stmt in fortran_statements(path):
        low = stmt.lower()
        if dtype is not None:  # inside a derived-type definition: its components, in order
            if re.match(r"^end\s*type\b", low):
                types[dtype["name"].lower()] = dtype
                dtype = None
                continue
            decl = parse_declaration(stmt)
            if decl:
                spec, _, entities = decl
                for name, _, _, extent in entities:
                    dtype["components"].append((name, spec, extent))
            elif not re.fullmatch(r"(sequence|private|public)", low):
                raise ParseError(f"{path}: derived type {dtype['name']}: cannot parse the statement '{stmt}'")
            continue
        tm = TYPE_DEF_RE.match(stmt)
        if tm and not in_interface and current is None and (tm.group(1) is not None or "::" in stmt
                                                             or re.match(r"^type\s+\w+$", low)):
            attrs = [a.strip().lower() for a in split_top_level(tm.group(1) or "")]
            if tm.group(2).lower() in types:
                raise ParseError(f"{path}: derived type {tm.group(2)} is defined twice")
            dtype = {"name": tm.group(2),
                     "bind": any(re.fullmatch(r"bind\s*\(\s*c\s*\)", a) for a in attrs),
                     "components": []}
            continue
        if re.match(r"^(abstract\s+)?interface\b", low):
            in_interface += 1
            continue
        if re.match(r"^end\s*interface\b", low):
            in_interface -= 1
            continue
        if current is not None:
            if re.match(r"^end\s*(function|subroutine)?\b", low) and not re.match(r"^end\s*(if|do)\b", low):
                procedures[current["bind"]] = current
                current = None
                continue
            decl = parse_declaration(stmt)
            if decl:
                spec, attrs, entities = decl
                for name, is_array, _, _ in entities:
                    current["decls"][name] = (spec, attrs, is_array)
            continue
        if in_interface:
            pm = PROC_RE.match(stmt)
            if not pm:
                continue
            prefix, kind, fname, args, suffix = pm.groups()
            bm = re.search(r"bind\s*\(\s*c\s*(?:,\s*name\s*=\s*(['\"])(.*?)\1)?\s*\)", suffix, re.I)
            if not bm:
                continue  # a plain Fortran interface: not part of the C API
            bind = bm.group(2) if bm.group(2) is not None else fname.lower()
            if bind in procedures:
                raise ParseError(f"{path}: two interfaces bind the C name {bind}")
            rm = re.search(r"result\s*\(\s*(\w+)\s*\)", suffix, re.I)
            current = {
                "kind": kind.lower(),
                "fname": fname,
                "args": [a.strip().lower() for a in args.split(",") if a.strip()],
                "result": (rm.group(1) if rm else fname).lower(),
                "prefix_type": normalize_type(prefix) if prefix and prefix.strip() else None,
                "decls": {},
                "bind": bind,
            }
            continue
        decl = parse_declaration(stmt)
        if decl and "parameter" in decl[1]:
            for name, _, init, _ in decl[2]:
                parameters[name] = (init, decl[0])
    if current is not None:
        raise ParseError(f"{path}: interface {current['fname']} has no end statement")
    if dtype is not None:
        raise ParseError(f"{path}: derived type {dtype['name']} has no end type statement")
    return procedures, parameters, types


def fortran_int_literal(text):
    """'54217137_c_long_long' -> 54217137; None for anything that is not an integer literal."""
    m = re.fullmatch(r"([+-]?\d+)(_\w+)?", text.replace(" ", ""))
    return int(m.group(1)) if m else None


# ------------------------------------------------------------------------------------------ comparison
def describe(spec, by_value, is_array=False):
    how = "value" if by_value else ("reference, array" if is_array else "reference")
    return f"{spec}, {how}"


def compare(header_paths, module_path):
    if isinstance(header_paths, str):
        header_paths = [header_paths]
    functions, constants, type_map, origin, structs = parse_headers(header_paths)
    procedures, parameters, types = parse_module(module_path)
    errors = []
    mname = os.path.basename(module_path)
    names = [os.path.basename(p) for p in header_paths]
    hall = names[0] if len(names) == 1 else "none of " + ", ".join(names)

    def fortran_of(base, where):
        if base not in type_map:
            hname = origin.get(where.split()[0], hall)  # where starts with the function's name
            errors.append(f"{hname}: {where}: the checker does not know how C type '{base}' maps to "
                          f"Fortran; add it to TYPE_MAP in {os.path.basename(__file__)}")
            return None
        return type_map[base]

    for name in sorted(set(functions) - set(procedures)):
        errors.append(f"{mname}: missing interface for {name} (declared in {origin[name]}); "
                      f"add a bind(C, name=\"{name}\") interface")
    for name in sorted(set(procedures) - set(functions)):
        errors.append(f"{mname}: extra interface bind(C, name=\"{name}\"): {hall} has no such function"
                      if len(names) == 1 else
                      f"{mname}: extra interface bind(C, name=\"{name}\"): {hall} declares such a function")

    for name in sorted(set(functions) & set(procedures)):
        (ret_base, ret_depth), cargs = functions[name]
        proc = procedures[name]
        decls = proc["decls"]
        # Return value.
        if ret_base == "void" and ret_depth == 0:
            if proc["kind"] != "subroutine":
                errors.append(f"{mname}: {name}: C returns void, so it must be a subroutine")
        else:
            want = C_PTR if ret_depth else fortran_of(ret_base, f"{name} result")
            if proc["kind"] != "function":
                errors.append(f"{mname}: {name}: C returns a value, so it must be a function")
            else:
                have = proc["prefix_type"] or (decls.get(proc["result"]) or (None,))[0]
                if have is None:
                    errors.append(f"{mname}: {name}: the result '{proc['result']}' has no type declaration")
                elif want and have != want:
                    errors.append(f"{mname}: {name}: result is {have}, but C returns "
                                  f"'{ret_base}{' *' * ret_depth}' which needs {want}")
        # Arguments.
        fargs = proc["args"]
        if len(fargs) != len(cargs):
            errors.append(f"{mname}: {name}: {len(fargs)} arguments ({', '.join(fargs) or 'none'}), but "
                          f"{origin[name]} has {len(cargs)} ({', '.join(p for p, _ in cargs) or 'none'})")
            continue
        for i, ((cname, (base, depth)), fname) in enumerate(zip(cargs, fargs), start=1):
            where = f"{name} argument {i} ('{cname}' in C, '{fname}' in Fortran)"
            ctext = f"{base}{' ' + '*' * depth if depth else ''}"
            if fname not in decls:
                errors.append(f"{mname}: {where}: no type declaration (implicit typing is not allowed)")
                continue
            spec, attrs, is_array = decls[fname]
            by_value = "value" in attrs
            if base == "void" and depth >= 1:  # void *: an address, type(c_ptr) by value (void **: by reference)
                if (spec, by_value) != (C_PTR, depth == 1):
                    errors.append(f"{mname}: {where}: C type '{ctext}' needs {describe(C_PTR, depth == 1)}")
                continue
            target = fortran_of(base, where)
            if target is None:
                continue
            if depth == 0:
                allowed = [(target, True)]
            elif depth == 1:
                allowed = [(target, False), (C_PTR, True)]
            else:
                allowed = [(C_PTR, False)]
            if (spec, by_value) not in allowed:
                need = " or ".join(describe(s, v) for s, v in allowed)
                errors.append(f"{mname}: {where}: C type '{ctext}' needs {need}; "
                              f"the module has {describe(spec, by_value, is_array)}")
            elif depth == 0 and is_array:
                errors.append(f"{mname}: {where}: C passes a scalar '{ctext}'; the module declares an array")

    # Structs: a BIND(C) derived type of the same name, the same components in the same order.
    for sname, members in sorted(structs.items()):
        hname = origin[sname]
        dtype = types.get(sname.lower())
        if dtype is None:
            errors.append(f"{mname}: missing derived type {sname} (struct of {hname}); add 'type, bind(C) :: "
                          f"{sname}' with its {len(members)} members as components")
            continue
        if not dtype["bind"]:
            errors.append(f"{mname}: derived type {sname} lacks BIND(C), so its layout need not be the C struct's")
        comps = dtype["components"]
        if len(comps) != len(members):
            errors.append(f"{mname}: derived type {sname}: {len(comps)} components "
                          f"({', '.join(c[0] for c in comps) or 'none'}), but {hname} has {len(members)} members "
                          f"({', '.join(m[0] for m in members)})")
            continue
        for i, ((cname, (base, depth), cext), (fname, spec, fext)) in enumerate(zip(members, comps), start=1):
            where = f"{sname} component {i} ('{cname}' in C, '{fname}' in Fortran)"
            if cname.lower() != fname:
                errors.append(f"{mname}: {where}: the names differ (the components must be the C members, in "
                              f"the C order)")
            want = C_PTR if depth else fortran_of(base, where)
            ctext = f"{base}{' ' + '*' * depth if depth else ''}{f'[{cext}]' if cext else ''}"
            if want and spec != want:
                errors.append(f"{mname}: {where}: C member '{ctext}' needs {want}; the module has {spec}")
            if cext is None and fext is not None:
                errors.append(f"{mname}: {where}: C member '{ctext}' is a scalar; the module declares an array")
            elif cext is not None:
                value = constants[cext][0] if cext in constants else fortran_int_literal(cext)
                same = fext is not None and (fext.lower() == cext.lower() or
                                             (value is not None and fortran_int_literal(fext) == value))
                if fext is None:
                    errors.append(f"{mname}: {where}: C member '{ctext}' is an array; the module declares a scalar")
                elif not same:
                    errors.append(f"{mname}: {where}: C member '{ctext}' needs dimension({cext if value is None else value}); "
                                  f"the module has dimension({fext})")
    for key in sorted(types):
        if types[key]["bind"] and key.startswith("gpurng") and key not in {s.lower() for s in structs}:
            errors.append(f"{mname}: extra BIND(C) type {types[key]['name']}: {hall} defines no such struct"
                          if len(names) == 1 else
                          f"{mname}: extra BIND(C) type {types[key]['name']}: {hall} defines such a struct")

    # Constants.
    for cname, (value, want_kind) in sorted(constants.items()):
        key = cname.lower()
        if key not in parameters:
            errors.append(f"{mname}: missing constant {cname} = {value} ({origin[cname]}); add "
                          f"'{want_kind}, parameter :: {cname} = {value}'")
            continue
        init, spec = parameters[key]
        have = fortran_int_literal(init)
        if spec != want_kind:
            errors.append(f"{mname}: constant {cname} is declared {spec}, expected {want_kind}")
        if have is None:
            errors.append(f"{mname}: constant {cname} = '{init}' is not an integer literal")
        elif have != value:
            errors.append(f"{mname}: constant {cname} = {have}, but {origin[cname]} says {value}")
    for key in sorted(parameters):
        if key.startswith("gpurng_") and key.upper() not in constants:
            errors.append(f"{mname}: extra constant {key.upper()}: {hall} defines no such constant"
                          if len(names) == 1 else
                          f"{mname}: extra constant {key.upper()}: {hall} defines such a constant")
    return errors, len(functions), len(structs), len(constants)


MODULE_SUFFIXES = (".f90", ".F90", ".f95", ".f03", ".f08")
GENERATED_HEADERS = ("gpurng_version.h", "gpurng_export.h")
# Public headers that are not C: gpurng_kernel.h is the C++/CUDA device API (header-only GPURNG_HD calls for
# users' kernels, and gpurngInitStates* over its C++ state structs). The Fortran module binds the C API only,
# so these are not compared; named one by one, so a new C header is never skipped by accident.
NOT_C_HEADERS = ("gpurng_kernel.h",)
# C headers the Fortran module does not bind: gpurng_bitgen.h is numpy's bitgen_t callbacks, for Python only.
NOT_FOR_FORTRAN = ("gpurng_bitgen.h",)


def default_headers(root):
    """include/gpurng*.h without the generated headers (known names, or a HEADER.in template beside it) and
    without the C++-only ones (NOT_C_HEADERS): today gpurng.h, gpurng_legacy.h, gpurng_mpi.h, gpurng_pde.h,
    gpurng_pricing.h and gpurng_tridiag.h (tests/fortran/CMakeLists.txt names the same list for ctest)."""
    found = []
    for path in sorted(glob.glob(os.path.join(root, "include", "gpurng*.h"))):
        name = os.path.basename(path)
        if name in GENERATED_HEADERS or name in NOT_C_HEADERS or name in NOT_FOR_FORTRAN:
            continue
        if os.path.exists(path + ".in"):
            continue
        found.append(path)
    # gpurng.h first: its types and constants are the ones the others build on (messages read in that order).
    return sorted(found, key=lambda p: (os.path.basename(p) != "gpurng.h", p))


def main(argv):
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
    args = argv[1:]
    if any(a in ("-h", "--help") for a in args):
        print(__doc__)
        return 2
    modules = [a for a in args if a.endswith(MODULE_SUFFIXES)]
    headers = [a for a in args if not a.endswith(MODULE_SUFFIXES)]
    if len(modules) > 1 or (modules and args[-1] != modules[0]):
        print("check_module: give at most one MODULE, after the headers\n" + __doc__)
        return 2
    module = modules[0] if modules else os.path.join(root, "fortran", "gpurng.f90")
    if not headers:
        headers = default_headers(root)
        if not headers:
            print(f"check_module: no include/gpurng*.h found under {root}")
            return 2
    try:
        errors, n_functions, n_structs, n_constants = compare(headers, module)
    except (OSError, ParseError) as e:
        print(f"check_module: {e}")
        return 2
    what = " ".join(headers)
    if errors:
        print(f"check_module: {module} does not match {what}:")
        for e in errors:
            print("  " + e)
        print(f"check_module: {len(errors)} difference(s)")
        return 1
    print(f"check_module: OK: {n_functions} functions, {n_structs} structs and {n_constants} constants of {what} "
          f"match {module}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
