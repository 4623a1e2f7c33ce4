#!/usr/bin/env python3
"""Prints the size figures of the code: lines, code lines, big files, long functions.

    python3 scripts/code-figures.py [ROOT]

ROOT is a checkout (default: this one); give another commit's tree (`git archive REV | tar -x
-C DIR`) to compare. What it counts, over the Rust files of crates/ and the JavaScript and HTML
files of web/ (tests, benches and examples included; target/ and node_modules/ left out):
- lines, as `wc -l` counts them, per language;
- code lines: without blank lines and comment lines (`//`, `///`, `//!`, `/* ... */`);
- files over 600 lines, and functions over 100 lines (from a `fn` or `function` line to the
  closing brace at the same indentation: a measure, not a parser);
- the lines of the files whose path names Mandiri, the three-player game.
"""
import pathlib
import re
import sys

FN_RS = re.compile(r"^(\s*)(pub(\([\w:]+\))? )?(const )?(async )?(unsafe )?fn \w+")
FN_JS = re.compile(r"^(\s*)(export )?(async )?function\*? \w+|^(\s*)(static )?(async )?\w+\([^)]*\)\s*\{\s*$")


def sources(root):
    for p in sorted(root.rglob("*")):
        parts = p.relative_to(root).parts
        if not p.is_file() or "target" in parts or "node_modules" in parts:
            continue
        if (parts[0] == "crates" and p.suffix == ".rs") or (parts[0] == "web" and p.suffix in (".js", ".html")):
            yield p


def code_lines(lines, js):
    n, in_block = 0, False
    for line in lines:
        s = line.strip()
        if in_block:
            in_block = "*/" not in s
            continue
        if not s or s.startswith("//"):
            continue
        if js and s.startswith("/*"):
            in_block = "*/" not in s
            continue
        n += 1
    return n


def long_functions(lines, rust):
    found = []
    pattern = FN_RS if rust else FN_JS
    for i, line in enumerate(lines):
        if not pattern.match(line) or (rust and line.rstrip().endswith(";")):
            continue
        indent = len(line) - len(line.lstrip())
        for j in range(i + 1, len(lines)):
            closing = lines[j]
            if closing.startswith(" " * indent + "}") and len(closing) - len(closing.lstrip()) == indent:
                if j - i + 1 > 100:
                    found.append((j - i + 1, i + 1))
                break
    return found


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent)
    total, code, big, long, mandiri = {}, {}, [], [], 0
    for p in sources(root):
        lines = p.read_text().splitlines()
        lang = {".rs": "Rust", ".js": "JavaScript", ".html": "HTML"}[p.suffix]
        name = str(p.relative_to(root))
        total[lang] = total.get(lang, 0) + len(lines)
        if lang != "HTML":
            code[lang] = code.get(lang, 0) + code_lines(lines, lang == "JavaScript")
            long += [(n, f"{name}:{at}") for n, at in long_functions(lines, lang == "Rust")]
        if len(lines) > 600:
            big.append((len(lines), name))
        if "mandiri" in name:
            mandiri += len(lines)
    for lang in ("Rust", "JavaScript", "HTML"):
        extra = f", code lines {code[lang]:,}" if lang in code else ""
        print(f"{lang}: lines {total.get(lang, 0):,}{extra}")
    print(f"all: lines {sum(total.values()):,}, code lines (Rust and JavaScript) {sum(code.values()):,}")
    print(f"files named mandiri: lines {mandiri:,}")
    print(f"files over 600 lines: {len(big)}")
    for n, name in sorted(big, reverse=True):
        print(f"  {n} {name}")
    print(f"functions over 100 lines: {len(long)}")
    for n, where in sorted(long, reverse=True):
        print(f"  {n} {where}")


if __name__ == "__main__":
    main()
