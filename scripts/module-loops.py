#!/usr/bin/env python3
"""Prints the import loops between the modules of each crate in crates/.

    python3 scripts/module-loops.py [--check] [CRATES_DIR]

A loop is a strongly connected component of more than one module in the graph of module
imports: modules that cannot be read, changed or moved one without the other. For each crate
(its library and binaries: src/lib.rs, src/main.rs, src/bin/*.rs; tests, benches and examples
are crates of their own and are left out) the script prints each loop with the imports that
close it, then the number of loops, and at the end the total of the workspace. It exits 0
whatever it finds, unless given `--check` (as .ci/run does): then any loop exits 1, so that
one added by an import is caught where it is made.

What counts as an edge from module A to module B (A != B):
- a `use` in A whose path names B, or an item of B (`use crate::b::Item`, `use super::b`,
  `use self::b::*`, `use b::Item` where b is a child of A, braces expanded);
- a path in A's code that names B or an item of B (`crate::b::f()`, `super::Item`,
  `$crate::b::T` in a macro written in A, `b::f()` where b is a child of A or a module A
  imported);
- a call in A of a `macro_rules!` macro defined in B (by name, within the crate).
A re-export is followed to where the item is defined: `super::Hub`, when the parent only
does `pub use hub::Hub`, is an edge to `hub` (and the parent's `pub use` is its own edge).

What does not: declaring a submodule (`mod b;`). The parent owns the child, it does not use
it; counting it would make every child that reads one item of its parent (`use super::X`,
the usual `mod tests { use super::*; }`) a loop, and the figure would measure the tree, not
the design. A parent that does use its child (`pub use child::X`, `child::f()`) gets the edge
as any module does. Comments and string literals are skipped, so intra-doc links are not
imports; `pub(in path)` is a visibility, not an import.

The parse is lexical, not a compiler's: a name shadowed by a local item, or a `#[path]`
other than a plain string, can mislead it. It is meant for code written as this workspace
writes it.
"""

import os
import re
import sys
from collections import defaultdict

KEYWORD_ITEMS = {"fn", "struct", "enum", "trait", "type", "const", "static", "union"}


def tokenize(text):
    """Identifiers (with `$crate`), `::`, string literals as ('str', value), other punctuation.
    Comments, char literals, lifetimes and numbers are dropped."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif re.match(r'b?r#*"', text[i:i + 260]):
            m = re.match(r'(b?)r(#*)"', text[i:])
            close = '"' + m.group(2)
            start = i + m.end()
            j = text.find(close, start)
            j = n if j < 0 else j
            out.append(("str", text[start:j]))
            i = j + len(close)
        elif c == '"' or (c == "b" and text.startswith('b"', i)):
            i += 2 if c == "b" else 1
            start = i
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            out.append(("str", text[start:i]))
            i += 1
        elif c == "'":
            # A char literal ('a', '\n', '\u{1F}') or a lifetime ('a).
            m = re.match(r"'(\\(u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'])'", text[i:i + 16])
            if m:
                i += m.end()
            else:
                m = re.match(r"'[A-Za-z_][A-Za-z0-9_]*", text[i:])
                i += m.end() if m else 1
        elif c.isalpha() or c == "_" or (c == "$" and text.startswith("$crate", i)):
            m = re.match(r"\$?(r#)?[A-Za-z_][A-Za-z0-9_]*", text[i:])
            word = m.group(0)
            if word.startswith("r#"):
                word = word[2:]
            out.append(("id", word))
            i += m.end()
        elif c.isdigit():
            m = re.match(r"[0-9][0-9A-Za-z_.]*", text[i:])
            i += m.end()
        elif text.startswith("::", i):
            out.append(("p", "::"))
            i += 2
        else:
            out.append(("p", c))
            i += 1
    return out


class Module:
    def __init__(self, path, file):
        self.path = path  # tuple of names from the crate root
        self.file = file
        self.children = set()
        self.items = set()  # names defined here
        self.uses = []  # (segments, alias or None, is_glob)
        self.paths = []  # segments of paths in code
        self.macros_defined = set()
        self.macros_called = set()


def expand_use(tokens):
    """The paths of one `use` tree: [(segments, alias, glob)]."""
    pos = 0

    def tree(prefix):
        nonlocal pos
        results = []
        segs = list(prefix)
        while pos < len(tokens):
            kind, val = tokens[pos]
            if kind == "id" and val != "as":
                segs.append(val)
                pos += 1
            elif val == "::":
                pos += 1
            elif val == "*":
                pos += 1
                return [(segs, None, True)]
            elif val == "{":
                pos += 1
                while pos < len(tokens) and tokens[pos][1] != "}":
                    if tokens[pos][1] == ",":
                        pos += 1
                        continue
                    results += tree(segs)
                pos += 1
                return results
            else:
                break
        alias = None
        if pos < len(tokens) and tokens[pos] == ("id", "as"):
            alias = tokens[pos + 1][1]
            pos += 2
        if segs and segs[-1] == "self":
            segs = segs[:-1]
        return [(segs, alias, False)]

    out = []
    while pos < len(tokens):
        if tokens[pos][1] in (",",):
            pos += 1
            continue
        before = pos
        out += tree([])
        if pos == before:
            pos += 1
    return out


class Crate:
    def __init__(self, name, root_file):
        self.name = name
        self.modules = {}
        self.parse_file((), root_file, os.path.dirname(root_file), owns_dir=True)

    def module(self, path, file):
        if path not in self.modules:
            self.modules[path] = Module(path, file)
        return self.modules[path]

    def parse_file(self, path, file, child_dir, owns_dir):
        """Parses `file` as the module `path`; its `mod x;` children are looked up in
        `child_dir` (the file's own folder for lib.rs/main.rs/mod.rs, else folder/stem)."""
        with open(file, encoding="utf-8") as f:
            toks = tokenize(f.read())
        stack = [(path, child_dir, -1)]  # (module path, its folder for children, brace depth)
        depth = 0
        i = 0
        pending_path_attr = None
        while i < len(toks):
            kind, val = toks[i]
            mod_path, mod_dir, _ = stack[-1]
            mod = self.module(mod_path, file)
            prev = toks[i - 1][1] if i else None
            if val == "#" and i + 2 < len(toks) and toks[i + 1][1] == "[" and toks[i + 2] == ("id", "path"):
                if i + 4 < len(toks) and toks[i + 4][0] == "str":
                    pending_path_attr = toks[i + 4][1]
            if val == "{":
                depth += 1
            elif val == "}":
                depth -= 1
                if len(stack) > 1 and depth == stack[-1][2]:
                    stack.pop()
            elif kind == "id" and val == "mod" and i + 2 < len(toks) and toks[i + 1][0] == "id":
                name = toks[i + 1][1]
                child = mod_path + (name,)
                mod.children.add(name)
                if toks[i + 2][1] == ";":
                    if pending_path_attr:
                        f = os.path.join(mod_dir, pending_path_attr)
                        self.parse_file(child, f, os.path.dirname(f), True)
                    else:
                        flat = os.path.join(mod_dir, name + ".rs")
                        nested = os.path.join(mod_dir, name, "mod.rs")
                        if os.path.exists(flat):
                            self.parse_file(child, flat, os.path.join(mod_dir, name), False)
                        elif os.path.exists(nested):
                            self.parse_file(child, nested, os.path.join(mod_dir, name), True)
                    i += 3
                    pending_path_attr = None
                    continue
                if toks[i + 2][1] == "{":
                    self.module(child, file)
                    stack.append((child, os.path.join(mod_dir, name), depth))
                    depth += 1
                    i += 3
                    pending_path_attr = None
                    continue
            elif kind == "id" and val == "use" and prev not in ("::",):
                j = i + 1
                while j < len(toks) and toks[j][1] != ";":
                    j += 1
                for segs, alias, glob in expand_use(toks[i + 1:j]):
                    if segs:
                        mod.uses.append((segs, alias, glob))
                i = j + 1
                continue
            elif kind == "id" and val == "macro_rules" and i + 2 < len(toks) and toks[i + 1][1] == "!":
                mod.macros_defined.add(toks[i + 2][1])
                i += 3
                continue
            elif kind == "id" and i + 1 < len(toks) and toks[i + 1][1] == "!" and prev != "::":
                if i + 2 < len(toks) and toks[i + 2][1] in ("(", "[", "{"):
                    mod.macros_called.add(val)
            elif kind == "id" and val in KEYWORD_ITEMS and i + 1 < len(toks) and toks[i + 1][0] == "id":
                if depth == stack[-1][2] + 1 or (len(stack) == 1 and depth == 0):
                    mod.items.add(toks[i + 1][1])
            elif kind == "id" and prev != "::" and i + 1 < len(toks) and toks[i + 1][1] == "::":
                # A path: segments while `:: ident` follows.
                if not (prev == "in" and i >= 2 and toks[i - 2][1] == "("):
                    segs = [val]
                    j = i + 1
                    while j + 1 < len(toks) and toks[j][1] == "::" and toks[j + 1][0] == "id":
                        segs.append(toks[j + 1][1])
                        j += 2
                    mod.paths.append(segs)
                    i = j
                    continue
            i += 1

    # Resolution.

    def find(self, start, segs, seen=None):
        """The module that `segs`, written in module `start`, lands in (following
        re-exports to the item's definition), or None if it leaves the crate."""
        seen = seen or set()
        if not segs:
            return None
        s0 = segs[0]
        rest = list(segs[1:])
        if s0 in ("crate", "$crate"):
            base = ()
        elif s0 == "self":
            base = start
        elif s0 == "super":
            base = start[:-1]
            while rest and rest[0] == "super":
                base = base[:-1]
                rest = rest[1:]
        elif s0 in self.modules[start].children:
            base, rest = start, list(segs)
        else:
            # A name imported into `start` by a `use` (a module, or an item).
            target = self.imported(start, s0, seen)
            if target is None:
                return None
            if not rest:
                return target
            base = target
        return self.walk(base, rest, seen)

    def imported(self, module, name, seen):
        for segs, alias, glob in self.modules[module].uses:
            if glob or (alias or segs[-1]) != name:
                continue
            key = (module, name)
            if key in seen:
                return None
            return self.find(module, segs, seen | {key})
        return None

    def walk(self, base, rest, seen):
        cur = base
        for k, seg in enumerate(rest):
            child = cur + (seg,)
            if child in self.modules:
                cur = child
                continue
            mod = self.modules.get(cur)
            if mod is None or seg in mod.items:
                return cur
            # An item `cur` brings in: follow it to where it is defined.
            via = self.imported(cur, seg, seen)
            if via is not None:
                return via
            for segs, _alias, glob in mod.uses:
                if glob and (cur, "*", tuple(segs)) not in seen:
                    target = self.find(cur, segs, seen | {(cur, "*", tuple(segs))})
                    if target is not None and seg in self.modules[target].items:
                        return target
            return cur
        return cur

    def edges(self):
        """{(a, b): [why, ...]} for every import from module a to module b."""
        edges = defaultdict(list)
        macro_home = {}
        for mod in self.modules.values():
            for name in mod.macros_defined:
                macro_home.setdefault(name, mod.path)
        for mod in self.modules.values():
            for segs, alias, glob in mod.uses:
                target = self.find(mod.path, segs)
                if target is not None and target != mod.path:
                    edges[(mod.path, target)].append("use " + "::".join(segs) + ("::*" if glob else ""))
            for segs in mod.paths:
                target = self.find(mod.path, segs)
                if target is not None and target != mod.path:
                    edges[(mod.path, target)].append("::".join(segs))
            for name in mod.macros_called:
                home = macro_home.get(name)
                if home is not None and home != mod.path and name not in mod.macros_defined:
                    edges[(mod.path, home)].append(name + "!")
        return edges


def loops(nodes, edges):
    """Strongly connected components of more than one node (Tarjan, iterative)."""
    succ = defaultdict(list)
    for a, b in edges:
        succ[a].append(b)
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(succ[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(succ[w]))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def name(path):
    return "crate" if not path else "::".join(path)


def targets(crate_dir):
    src = os.path.join(crate_dir, "src")
    found = []
    for root in ("lib.rs", "main.rs"):
        if os.path.exists(os.path.join(src, root)):
            found.append((root[:-3], os.path.join(src, root)))
    bins = os.path.join(src, "bin")
    if os.path.isdir(bins):
        for f in sorted(os.listdir(bins)):
            p = os.path.join(bins, f)
            if f.endswith(".rs"):
                found.append(("bin/" + f[:-3], p))
            elif os.path.exists(os.path.join(p, "main.rs")):
                found.append(("bin/" + f, os.path.join(p, "main.rs")))
    return found


def main():
    args = sys.argv[1:]
    check = "--check" in args
    args = [a for a in args if a != "--check"]
    crates_dir = args[0] if args else os.path.join(os.path.dirname(__file__), "..", "crates")
    total = 0
    for crate_name in sorted(os.listdir(crates_dir)):
        crate_dir = os.path.join(crates_dir, crate_name)
        if not os.path.exists(os.path.join(crate_dir, "Cargo.toml")):
            continue
        found = []
        for target, root in targets(crate_dir):
            crate = Crate(crate_name, root)
            edges = crate.edges()
            for comp in loops(crate.modules.keys(), edges):
                found.append((target, comp, edges))
        print(f"{crate_name}: {len(found)} loop{'' if len(found) == 1 else 's'}")
        for target, comp, edges in found:
            print(f"  [{target}] " + ", ".join(name(p) for p in comp))
            members = set(comp)
            for (a, b), why in sorted(edges.items()):
                if a in members and b in members:
                    shown = ", ".join(sorted(set(why))[:3])
                    more = len(set(why)) - 3
                    print(f"    {name(a)} -> {name(b)}: {shown}{f' (+{more})' if more > 0 else ''}")
        total += len(found)
    print(f"total: {total} module loop{'' if total == 1 else 's'}")
    if check and total:
        sys.exit(1)


if __name__ == "__main__":
    main()
