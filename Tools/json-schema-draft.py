#!/usr/bin/env python3
"""Drafts <package>/Schemas/<kind>.schema.json from documents SkyLens wrote, for a new kind of document.

    SKYLENS_DUMP_JSON=/tmp/docs swift test --skip-build --filter JSONContractTests
    python3 Tools/json-schema-draft.py /tmp/docs Packages/<Package>/Schemas

Every key seen is declared, with every type seen; a key present in every document is required; objects are closed
(additionalProperties: false). A draft is a start, not a contract: read it against the Swift type (an optional that
no document had is missing; a list that was always empty has no item type) and write what each field means. An
existing schema is never overwritten.
"""
import json
import os
import sys
from collections import defaultdict


def kind_of(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def infer(values):
    types = sorted({kind_of(v) for v in values})
    schema = {"type": types[0] if len(types) == 1 else types}
    objects = [v for v in values if isinstance(v, dict)]
    if objects:
        keys = defaultdict(list)
        for obj in objects:
            for key, member in obj.items():
                keys[key].append(member)
        schema["properties"] = {key: infer(members) for key, members in sorted(keys.items())}
        schema["required"] = sorted(key for key in keys if all(key in obj for obj in objects))
        schema["additionalProperties"] = False
    arrays = [v for v in values if isinstance(v, list)]
    items = [item for array in arrays for item in array]
    if items:
        schema["items"] = infer(items)
    return schema


def main(source, target):
    by_kind = defaultdict(list)
    for name in os.listdir(source):
        with open(os.path.join(source, name)) as handle:
            document = json.load(handle)
        by_kind[document["schema"].split(".", 1)[1].split("/")[0]].append(document)
    for kind, documents in sorted(by_kind.items()):
        path = os.path.join(target, f"{kind}.schema.json")
        if os.path.exists(path):
            continue
        schema = infer(documents)
        schema["properties"]["schema"] = {"const": documents[0]["schema"]}
        draft = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"https://skylens.example/json/{kind}.schema.json",
            "title": f"skylens {kind}",
            **schema,
        }
        with open(path, "w") as handle:
            json.dump(draft, handle, indent=2, ensure_ascii=False)
            handle.write("\n")
        print(f"drafted {path} from {len(documents)} documents")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
