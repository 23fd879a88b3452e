"""A session's state as the cluster tests' clients keep it: the page's merge of an update's
patch, the texts the program draws, and the percentiles the tests report."""


def drawn_values(state):
    """`{key: text}` of the text fields the session's program draws now (the seed profile form's
    `firstName` and `lastName` in a session created without a source)."""
    found = {}

    def visit(views):
        for view in views:
            if "key" in view and "value" in view:
                found[view["key"]] = view["value"]
            visit(view.get("content", []))
    visit(state.get("program", {}).get("drawn", {}).get("content", []))
    return found


def merge(target, patch):
    """RFC 7396 merge patch, as the page applies an update's patch."""
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge(result.get(key), value)
    return result


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]
