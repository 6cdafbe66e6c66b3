# SPDX-License-Identifier: BSD-3-Clause
"""The command line the single-header generators share (jump_tables/make_ranmar_table.py, make_hybrid_taus_table.py,
portable_math/make_log_tables.py, fit_erfcinv.py): write the header (into the tree, or with --out-dir DIR under
DIR at the same relative path), or with --check compare it with the one in the tree. A generator imports it after
putting this folder (tools/) on sys.path."""
import argparse
import os
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # the repository


def run(doc, out_path, render):
    out_path = str(out_path)
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="compare with the header in the tree")
    ap.add_argument("--out-dir", metavar="DIR",
                    help="write the header under DIR, at its path relative to the repository root (default: the tree)")
    args = ap.parse_args()
    text = render()
    if args.check:
        with open(out_path) as f:
            if f.read() != text:
                print("%s is out of date: run %s" % (out_path, sys.argv[0]))
                return 1
        print("%s is up to date" % out_path)
        return 0
    if args.out_dir:
        out_path = os.path.join(os.path.abspath(args.out_dir), os.path.relpath(out_path, ROOT))
        os.makedirs(os.path.dirname(out_path), exist_ok=True)
    with open(out_path, "w") as f:
        f.write(text)
    print("wrote %s" % out_path)
    return 0
