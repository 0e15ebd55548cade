"""The rule engine on a 1,000-line file: median and p95 over many iterations (issue 7 target:
median at most 3 ms). Prints numbers; asserts nothing.

    python bench/rule_engine.py [--iterations 300] [--file PATH]

Two inputs: a generated 1,000-line Python settings-and-code file with the words the rules'
keywords look for (password, token, secret, key, url) and one planted synthetic token
(tests/support/tokens.py); and, when the speed corpus exists, the first 1,000 lines of a
real file from it (django's query module). Measured: `Detector.find` (prefilter + every
selected rule), and `Scanner.scan_text` (that plus building the candidates).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tests.support.tokens import github_pat  # noqa: E402

from secretloop.loops.detect import Detector  # noqa: E402
from secretloop.loops.rules.catalogue import load_catalogue  # noqa: E402
from secretloop.loops.scanner import Scanner  # noqa: E402

REAL_FILE = REPO / "bench" / "corpus" / "django-5.2.8" / "django" / "db" / "models" / "query.py"

_LINES = [
    "def {name}(request, *args, **kwargs):",
    "    token_count = len(kwargs.get('items', []))  # how many tokens were issued",
    "    if request.user.is_authenticated and not request.session.get('{name}_key'):",
    "        return redirect(settings.LOGIN_URL + '?next=' + request.path)",
    "    password_field = forms.CharField(widget=forms.PasswordInput, label='Password')",
    "    url = f'https://api.example.com/v1/{name}/{{item_id}}'",
    "    cache_key = make_key('{name}', version=2)",
    "    SECRET_KEY = os.environ['SECRET_KEY']",
    "    logger.debug('secret rotation for %s finished in %.2f s', user, elapsed)",
    "    result = {{'status': 'ok', 'count': total, 'next': cursor}}",
    "",
    "class {Name}Serializer(serializers.ModelSerializer):",
    "    api_key = serializers.CharField(read_only=True)",
    "    class Meta:",
    "        model = {Name}",
    "        fields = ['id', 'name', 'created_at', 'owner']",
]


def generated_file(lines: int = 1000, seed: int = 7) -> str:
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < lines:
        name = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8))
        out.append(rng.choice(_LINES).format(name=name, Name=name.capitalize()))
    out[lines // 2] = f"GITHUB_TOKEN = '{github_pat(seed)}'"
    return "\n".join(out[:lines]) + "\n"


def real_file(lines: int = 1000) -> str | None:
    try:
        text = REAL_FILE.read_text(encoding="utf-8")
    except OSError:
        return None
    return "\n".join(text.split("\n")[:lines]) + "\n"


def timed(fn, text: str, iterations: int) -> list[float]:
    for _ in range(5):  # warm-up
        fn(text)
    out = []
    for _ in range(iterations):
        t0 = time.perf_counter()
        fn(text)
        out.append(time.perf_counter() - t0)
    return out


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--file", type=Path, help="measure this file (its first 1,000 lines) instead")
    args = ap.parse_args()
    if args.iterations < 200:
        ap.error("--iterations must be at least 200")

    catalogue = load_catalogue()
    detector, scanner = Detector(catalogue), Scanner(catalogue)
    inputs = {"generated": generated_file()}
    if args.file:
        inputs = {args.file.name: "\n".join(args.file.read_text(encoding="utf-8").split("\n")[:1000]) + "\n"}
    elif (real := real_file()) is not None:
        inputs["django query.py"] = real
    print(f"rule engine, {len(catalogue)} rules, {args.iterations} iterations per row:")
    for name, text in inputs.items():
        rules = len(detector.rules_for(text))  # selected by keywords
        before = sum(detector.rule_runs.values())
        detector.find(text)
        ran = sum(detector.rule_runs.values()) - before  # of those, run on their own after the group checks
        for label, fn in (("Detector.find", detector.find), ("Scanner.scan_text", lambda t: scanner.scan_text(t, 0, "bench.py"))):
            t = timed(fn, text, args.iterations)
            print(f"  {name:16} {text.count(chr(10)):5} lines {len(text) / 1024:6.1f} KB {rules:3} selected {ran:3} run  "
                  f"{label:18} median {statistics.median(t) * 1000:6.2f} ms   p95 {p95(t) * 1000:6.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
