# SPDX-License-Identifier: BSD-3-Clause
"""The command line the single-table generators share (make_ranmar_table.py, make_hybrid_taus_table.py): write the
header, or with --check compare it with the one in the tree."""
import argparse
import sys


def run(doc, out_path, render):
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="compare with the header in the tree")
    args = ap.parse_args()
    text = render()
    if args.check:
        with open(out_path) as f:
            if f.read() != text:
                print("%s is out of date: run %s" % (out_path, sys.argv[0]))
                return 1
        print("%s is up to date" % out_path)
        return 0
    with open(out_path, "w") as f:
        f.write(text)
    print("wrote %s" % out_path)
    return 0
