#!/usr/bin/python3
"""Validates a catalog's JSON files against the schemas in docs/catalog/.

    scripts/validate-catalog-schemas.py CATALOG

index.json is checked against docs/catalog/index.schema.json and every
apps/*/versions.json against docs/catalog/versions.schema.json (JSON Schema
draft 2020-12). Each error is one line, `<file>: <json path>: <message>`.
Exit status: 0 when every file is valid ("ok: N files"), 1 on any error,
2 on a usage error.

Only the shape of each file is checked. Whether the files agree with each
other and with the packages (paths that name the app and code, the index
matching the version lists, hashes and sizes) is `mactl catalog verify`'s job.

Needs the jsonschema package: apt-get install python3-jsonschema.
"""

import glob
import json
import os
import re
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMAS = os.path.join(HERE, "..", "docs", "catalog")


def ecma_pattern(pattern):
    """The pattern with ECMA-262's `$` (end of input only) in place of Python's, which also
    matches before a final newline and would let "…\\n" through an anchored pattern."""
    out, escaped, in_class = [], False, False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "$" and not in_class:
            out.append(r"\Z")
            continue
        out.append(char)
    return "".join(out)


def pattern_keyword(validator, pattern, instance, schema):
    if validator.is_type(instance, "string") and not re.search(ecma_pattern(pattern), instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


Validator = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"pattern": pattern_keyword})


def json_path(path):
    text = "$"
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", part):
            text += "." + part
        else:
            text += "[" + json.dumps(part) + "]"
    return text


def strict_object(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"the key {key!r} appears twice")
        seen[key] = value
    return seen


def reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def load_schema(name):
    path = os.path.join(SCHEMAS, name)
    with open(path, encoding="utf-8") as file:
        schema = json.load(file)
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as error:
        print(f"{os.path.relpath(path)}: {json_path(error.absolute_path)}: not a valid schema: {error.message}")
        sys.exit(1)
    return Validator(schema)


def check(path, validator):
    """The error lines for one file."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as error:
        return [f"{path}: $: cannot be read: {error.strerror}"]
    try:
        document = json.loads(data.decode("utf-8"), object_pairs_hook=strict_object, parse_constant=reject_constant)
    except UnicodeDecodeError:
        return [f"{path}: $: is not UTF-8"]
    except ValueError as error:
        return [f"{path}: $: is not JSON: {error}"]
    errors = sorted(validator.iter_errors(document), key=lambda e: (json_path(e.absolute_path), e.message))
    return [f"{path}: {json_path(error.absolute_path)}: {error.message}" for error in errors]


def main(argv):
    if len(argv) != 2 or argv[1].startswith("-"):
        print("usage: validate-catalog-schemas.py CATALOG", file=sys.stderr)
        return 2
    catalog = argv[1]
    if not os.path.isdir(catalog):
        print(f"{catalog}: not a folder", file=sys.stderr)
        return 2
    index = load_schema("index.schema.json")
    versions = load_schema("versions.schema.json")

    files = [(os.path.join(catalog, "index.json"), index)]
    files += [(path, versions) for path in sorted(glob.glob(os.path.join(glob.escape(catalog), "apps", "*", "versions.json")))]
    lines = []
    for path, validator in files:
        if path == files[0][0] and not os.path.exists(path):
            lines.append(f"{path}: $: missing")
            continue
        lines += check(path, validator)
    for line in lines:
        print(line)
    if lines:
        return 1
    print(f"ok: {len(files)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
