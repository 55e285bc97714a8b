#!/usr/bin/env python3
"""Validates YAML graph files against grammar/graph.schema.json.

  check_schema.py SCHEMA ROOT

Every .yaml/.yml file below ROOT/samples and ROOT/tests must validate, except the
diagnostic goldens (tests/golden/diag, which are wrong on purpose) and the files in
tests/golden/schema/invalid, each of which must NOT validate (so the check can fail).
Prints one line per file and exits 1 on any unexpected result.
"""
import json
import pathlib
import sys

import jsonschema
import yaml


def main() -> int:
    schema_path, root = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    schema = json.loads(schema_path.read_text())
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    invalid_dir = root / "tests/golden/schema/invalid"
    files = sorted(p for top in ("samples", "tests") for ext in ("*.yaml", "*.yml") for p in (root / top).rglob(ext))
    failures = 0
    checked = 0
    for path in files:
        relative = path.relative_to(root)
        if relative.parts[:3] == ("tests", "golden", "diag"):
            continue
        document = yaml.safe_load(path.read_text())
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        expect_invalid = invalid_dir in path.parents
        checked += 1
        if expect_invalid and not errors:
            print(f"{relative}: FAIL: the schema accepts it, but it is invalid")
            failures += 1
        elif not expect_invalid and errors:
            where = "/".join(str(p) for p in errors[0].path)
            print(f"{relative}: FAIL at {where}: {errors[0].message}")
            failures += 1
        else:
            print(f"{relative}: {'rejected' if expect_invalid else 'valid'}")
    if checked == 0:
        print("no YAML files found")
        return 1
    print(f"{checked} files, {failures} unexpected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
