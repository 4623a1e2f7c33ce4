#!/usr/bin/env python3
"""Prints the modules that their parent's map does not name.

    python3 scripts/module-maps.py [--check] [CRATES_DIR]

Each crate's `lib.rs` (or `main.rs`) and each `mod.rs` opens with a comment (`//!`) that says
what its modules hold: the map a newcomer reads to find the room for a change (docs/CODE.md).
A module declared there (`mod name;`, `pub mod name;`) and named nowhere in that comment is
missing from the map. A name counts when it appears as a word (`name`, `name.rs`, `name/`,
[`name`]). Tests, benches and examples are left out. Exits 0 whatever it finds unless given
`--check` (as .ci/run does): then a module missing from its map exits 1.
"""

import pathlib
import re
import sys

DECLARED = re.compile(r"^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", re.M)


def parents(crates: pathlib.Path):
    for src in sorted(crates.glob("*/src")):
        for path in sorted(src.rglob("*.rs")):
            if path.name in ("lib.rs", "main.rs", "mod.rs"):
                yield path


def missing(path: pathlib.Path):
    text = path.read_text(encoding="utf-8")
    doc = "\n".join(line for line in text.splitlines() if line.startswith("//!"))
    return [m for m in DECLARED.findall(text) if not re.search(rf"\b{m}\b", doc)]


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--check"]
    check = "--check" in sys.argv[1:]
    crates = pathlib.Path(args[0] if args else "crates")
    found = 0
    for path in parents(crates):
        names = missing(path)
        if names:
            found += len(names)
            print(f"{path}: not in its map: {', '.join(names)}")
    print(f"{found} modules missing from their maps")
    return 1 if check and found else 0


if __name__ == "__main__":
    sys.exit(main())
