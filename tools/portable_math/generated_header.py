# SPDX-License-Identifier: BSD-3-Clause
"""The command line the header generators of this folder share: write the header into the tree, under --out-dir
(at its path relative to the repository root, for tests/data/test_regenerate_tables.py), or --check it."""
import argparse
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run(out, render):
    """out: the header's path in the tree; render: a function returning its text. Returns the exit status."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true", help="exit 1 if the tree's header differs")
    ap.add_argument("--out-dir", metavar="DIR",
                    help="write the header under DIR, at its path relative to the repository root (default: the tree)")
    args = ap.parse_args()
    text = render()
    if args.check:
        same = out.exists() and out.read_text() == text
        print("up to date" if same else "stale: %s" % out)
        return 0 if same else 1
    if args.out_dir:
        out = pathlib.Path(args.out_dir).resolve() / out.relative_to(ROOT)
        out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print("wrote", out)
    return 0
