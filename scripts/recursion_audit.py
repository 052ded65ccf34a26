#!/usr/bin/env python3
"""Every recursion in the library, found in its call graph, each either on the list of
bounded ones below or an error (issue 27: no recursion whose depth an input sets).

The library is compiled to LLVM IR (unoptimised, so nothing is inlined away and every
call in the source is a call in the IR, generics and closures included), its call graph
built from `call`/`invoke` instructions, and its cycles found (strongly connected
components). A cycle naming `arbiter` functions must have every one of them match one pattern of
BOUNDED, each
with the constant that bounds its depth and the test that runs it at that bound on a
2 MiB stack; any other is printed and the script exits 1. Calls through `dyn` or a
function pointer are not in the graph: none of the library's recurses (checked by hand).

Usage: scripts/recursion_audit.py [FILE.ll]   (without a file: `cargo rustc --lib` emits
one, some 5 minutes and 370 MB in target/debug/deps)."""
import collections, glob, os, re, subprocess, sys

# (pattern any function of the cycle matches, why its depth is bounded: constant, test)
BOUNDED = [
    (r"keyforge::format::CardSpec|keyforge::position::card$|keyforge::position::spec_of"
     r"|keyforge::state::Card",
     "a card's upgrades hold cards: JSON depth, serde_json's 128 levels "
     "(deep_input::keyforge_upgrades_nested_to_the_json_limit_are_refused_at_their_path)"),
    (r"keyforge::effect::(Effect|effect$)|keyforge::families::effects::run$",
     "\"if this damage destroys that creature, \" nests: caps::TEXT (1000 characters) "
     "(games::keyforge::effect::tests::nested_effects_are_bounded_by_the_text_cap)"),
    (r"arcane::ability::(Verb|verb$)|arcane::families::effects::verb$",
     "\"spend N OP to \" nests: caps::TEXT (400 characters) "
     "(games::arcane::ability::tests::nested_verbs_are_bounded_by_the_text_cap)"),
    (r"arcane::families::figures::choices::go$", "k of a unit's slots: caps::SLOTS (12)"),
    (r"arcane::families::triggers::orders::go$", "orders of at most 4 triggers"),
    (r"swtcg::Swtcg as .*Game.*::advance|swtcg::odds::(distribution|enumerate|finish|play_summaries|report)$"
     r"|rules::odds::(exact|Enumeration<G,Q>::(step|value_of))$",
     "the declaration's odds play the attack with `odds` off: 2 levels"),
    (r"arbiter::games::Keys as",
     "a position's `game` read before the rest (games::which's scan): JSON depth, serde_json's "
     "128 levels (deep_input::json_nested_past_the_limit_is_a_located_error_for_every_game)"),
    (r"search::query::(Node|Parser)|search::compile::Compiler::node|reading::query::positive_terms",
     "parentheses and `-`: MAX_DEPTH (32) "
     "(search::query::tests::deep_negation_is_bounded, deep_nesting_is_bounded)"),
]

DEFINE = re.compile(r'^define .*?@("?[^"(\s]+"?)\(')
CALL = re.compile(r'(?:call|invoke) [^@]*@("?[\w.$"]+"?)\(')


def emit_ir():
    subprocess.run(["cargo", "rustc", "--lib", "--", "--emit=llvm-ir",
                    "-C", "codegen-units=1"], check=True)
    files = glob.glob("target/debug/deps/arbiter-*.ll")
    return max(files, key=os.path.getmtime)


def call_graph(path):
    graph, current = collections.defaultdict(set), None
    with open(path) as f:
        for line in f:
            if line.startswith("define "):
                m = DEFINE.match(line)
                current = m.group(1).strip('"') if m else None
            elif line.startswith("}"):
                current = None
            elif current and ("call " in line or "invoke " in line):
                graph[current].update(m.group(1).strip('"') for m in CALL.finditer(line))
    return graph


def cycles(graph):
    """Tarjan's strongly connected components, iteratively."""
    index, low, on, stack, out, count = {}, {}, set(), [], [], [0]
    for root in list(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = count[0]; count[0] += 1; stack.append(root); on.add(root)
        while work:
            v, edges = work[-1]
            for w in edges:
                if w not in index:
                    index[w] = low[w] = count[0]; count[0] += 1; stack.append(w); on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop(); on.discard(w); comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1 or v in graph[v]:
                        out.append(comp)
    return out


def demangle(symbol):
    m = re.match(r"_ZN(.*)E$", symbol)
    if not m:
        return symbol
    rest, parts, i = m.group(1), [], 0
    while i < len(rest) and rest[i].isdigit():
        j = i
        while rest[j].isdigit():
            j += 1
        parts.append(rest[j:j + int(rest[i:j])]); i = j + int(rest[i:j])
    name = "::".join(p for p in parts if not re.match(r"^h[0-9a-f]{16}$", p))
    for code, text in [("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$RF$", "&"),
                       ("$C$", ","), ("..", "::"), ("$u7b$", "{"), ("$u7d$", "}"),
                       ("$BP$", "*"), ("$u27$", "'"), ("$u5b$", "["), ("$u5d$", "]")]:
        name = name.replace(code, text)
    return name


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    path = sys.argv[1] if len(sys.argv) > 1 else emit_ir()
    unknown = 0
    for comp in cycles(call_graph(path)):
        names = sorted({demangle(s) for s in comp})
        if not any("arbiter::" in n for n in names):
            continue
        ours = [n for n in names if "arbiter::" in n]
        why = next((why for pattern, why in BOUNDED
                    if all(re.search(pattern, n) for n in ours)), None)
        if why:
            print(f"bounded: {ours[0]} ({len(names)} functions): {why}")
        else:
            unknown += 1
            print("UNBOUNDED? " + " | ".join(names))
    if unknown:
        print(f"{unknown} recursion(s) not on the list: make each iterative, or bound it "
              "and add it to BOUNDED with its test", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
