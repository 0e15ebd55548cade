#!/usr/bin/env bash
# End-to-end test of the SecretLoop extension in a real VS Code (code-server), driven by headless
# Chromium (drive.js). Two sessions, each with a fresh user-data and extensions dir:
#   main       secretloop.path = the server under test; checks the status bar phase, the finding in
#              the Problems panel, a live settings change, Quick Fix "Dismiss: not a secret"
#              (problem gone, .secretloop/decisions.jsonl written) and Show Run;
#   not-found  no secretloop anywhere (a missing secretloop.path, a PATH without it): one install
#              message and a "not installed" status bar item.
# Afterwards no kept file may contain the planted value.
#
# usage: e2e/run.sh            (from anywhere, after `npm ci` and `npm run package` in vscode-client/)
# env:
#   SECRETLOOP_BIN   the secretloop executable to test (default: `command -v secretloop`)
#   VSIX             the package to install (default: vscode-client/secretloop.vsix)
#   CODE_SERVER      code-server executable (default: code-server on PATH, else
#                    ~/.cache/secretloop-e2e/node_modules/.bin/code-server from install-code-server.sh)
#   CHROMIUM         Chromium executable (default: chromium on PATH)
#   PLAYWRIGHT_CORE  playwright-core package dir (default: next to CODE_SERVER's node_modules)
#   E2E_OUT          screenshots, summary.json and logs (default: vscode-client/e2e/screenshots)
#   E2E_TIMEOUT      seconds for each wait on the server (default 120)
# Exit status: 0 passed, 1 a check failed, 2 missing prerequisite, 130 interrupted.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
client=$(cd "$here/.." && pwd)
die() { echo "e2e: $*" >&2; exit 2; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

secretloop=${SECRETLOOP_BIN:-$(command -v secretloop || true)}
[[ -n $secretloop ]] || die "no secretloop executable: set SECRETLOOP_BIN=/path/to/venv/bin/secretloop"
[[ -f $secretloop && -x $secretloop ]] || die "SECRETLOOP_BIN=$secretloop is not an executable file"
secretloop=$(cd "$(dirname "$secretloop")" && pwd)/$(basename "$secretloop")
vsix=${VSIX:-$client/secretloop.vsix}
[[ -f $vsix ]] || die "no $vsix: run 'npm run package' in vscode-client/ first"
CODE_SERVER=${CODE_SERVER:-$(command -v code-server || echo "$HOME/.cache/secretloop-e2e/node_modules/.bin/code-server")}
[[ -x $CODE_SERVER ]] || die "code-server not found: run ../shared/tools/install-code-server.sh or set CODE_SERVER"
if [[ -z ${PLAYWRIGHT_CORE:-} ]]; then
  modules=$(cd "$(dirname "$CODE_SERVER")/.." && pwd)
  [[ -d $modules/playwright-core ]] && export PLAYWRIGHT_CORE=$modules/playwright-core
fi
node=$(command -v node) || die "node not on PATH"
out=${E2E_OUT:-$here/screenshots}
timeout=${E2E_TIMEOUT:-120}

t_all=$(now)
mkdir -p "$out" && out=$(cd "$out" && pwd)
rm -rf "$out"/*.png "$out"/*.json "$out"/*.log "$out"/logs "$out"/not-found
# short path: code-server puts a unix socket in the user-data dir (108-byte limit)
work=$(mktemp -d /tmp/sle2e.XXXXXX)
"$node" "$here/fixture.js" "$work/ws" "$work/fixture.json" || die "could not write the fixture workspace"

cs_pid= drive_pid=
stop_code_server() {
  [[ -n $cs_pid ]] || return 0
  # setsid made code-server a group leader: its extension host and the language server are in
  # that group, so one signal to the group (by this PID) stops them all
  kill -TERM -- "-$cs_pid" 2>/dev/null
  for _ in $(seq 50); do kill -0 "$cs_pid" 2>/dev/null || break; sleep 0.2; done
  kill -KILL -- "-$cs_pid" 2>/dev/null
  cs_pid=
}
finish() {
  local rc=$?
  [[ -n $drive_pid ]] && kill -TERM "$drive_pid" 2>/dev/null && wait "$drive_pid" 2>/dev/null
  stop_code_server
  rm -rf "$work"
  echo "e2e: total $(since "$t_all")s, exit $rc; screenshots and logs in $out" >&2
  exit "$rc"
}
trap finish EXIT
trap 'exit 130' INT TERM

# session NAME OUTDIR SECRETLOOP_PATH ENV_PATH [drive.js options...]
# Installs the vsix into a fresh dir, starts code-server on a free port with that PATH, runs
# drive.js, stops code-server and keeps its logs in OUTDIR. Returns drive.js's exit status.
session() {
  local name=$1 dir=$2 sl_path=$3 env_path=$4
  shift 4
  local ud=$work/$name/ud ext=$work/$name/ext t rc port url
  mkdir -p "$dir" "$ud/User" "$ext"
  local cs=("$CODE_SERVER" --config "$work/config.yaml" --user-data-dir "$ud" --extensions-dir "$ext")
  t=$(now)
  "${cs[@]}" --force --install-extension "$vsix" > "$dir/install.log" 2>&1 &&
    ls "$ext" | grep -q '^secretloop\.secretloop-' ||
    { cat "$dir/install.log" >&2; echo "e2e[$name]: installing $vsix failed" >&2; return 1; }
  echo "e2e[$name]: installed $(basename "$vsix") in $(since "$t")s" >&2

  # no trust prompt or welcome page; secretloop.path as given. Trace: method names only
  # (a verbose trace would log document text, planted value included).
  SECRETLOOP_PATH=$sl_path "$node" -e '
    require("fs").writeFileSync(process.argv[1], JSON.stringify({
      "security.workspace.trust.enabled": false,
      "workbench.startupEditor": "none",
      "workbench.tips.enabled": false,
      "telemetry.telemetryLevel": "off",
      "update.mode": "none",
      "extensions.autoCheckUpdates": false,
      "extensions.autoUpdate": false,
      "extensions.ignoreRecommendations": true,
      "git.enabled": false,
      "secretloop.path": process.env.SECRETLOOP_PATH,
      "secretloop.trace.server": "messages",
    }, null, 2) + "\n");
  ' "$ud/User/settings.json" || return 1
  cp "$ud/User/settings.json" "$dir/settings.json"

  port=$("$node" -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')
  url=http://127.0.0.1:$port/
  t=$(now)
  # XDG_CACHE_HOME: the server's run snapshots stay in the temp dir
  PATH=$env_path XDG_CACHE_HOME=$work/cache setsid "${cs[@]}" --auth none --bind-addr "127.0.0.1:$port" \
    --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
    --ignore-last-opened "$work/ws" > "$dir/code-server.log" 2>&1 < /dev/null &
  cs_pid=$!
  local i
  for ((i = 0; ; i++)); do
    kill -0 "$cs_pid" 2>/dev/null || { cat "$dir/code-server.log" >&2; echo "e2e[$name]: code-server exited" >&2; return 1; }
    "$node" -e 'fetch(process.argv[1] + "healthz").then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$url" && break
    ((i < 120)) || { echo "e2e[$name]: code-server not up after 60s" >&2; return 1; }
    sleep 0.5
  done
  echo "e2e[$name]: code-server up at $url in $(since "$t")s" >&2

  # in the background, so that a signal to this script is handled at once
  "$node" "$here/drive.js" "$url" "$work/fixture.json" "$dir" --timeout "$timeout" --logs "$ud/logs" "$@" &
  drive_pid=$!
  wait "$drive_pid"
  rc=$?
  drive_pid=
  stop_code_server   # its logs are complete only now
  [[ -d $ud/logs ]] && cp -r "$ud/logs" "$dir/logs"
  if ((rc != 0)); then
    echo "e2e[$name]: --- extension host errors:" >&2
    grep -h '\[error\]' "$dir"/logs/*/exthost*/remoteexthost.log 2>/dev/null | tail -n 20 >&2
    for f in "$dir"/logs/*/exthost*/*/SecretLoop.log "$dir"/logs/*/exthost*/output_logging_*/*SecretLoop*.log; do
      [[ -f $f ]] && { echo "e2e[$name]: --- output channel ${f##*/}:" >&2; tail -n 40 "$f" >&2; }
    done
  fi
  return "$rc"
}

printf 'auth: none\n' > "$work/config.yaml"   # else code-server reads or creates ~/.config/code-server
unset PORT PASSWORD HASHED_PASSWORD
session main "$out" "$secretloop" "$PATH"
rc=$?
# PATH with node but without any secretloop; the Python extension is not installed there
clean_path=$(dirname "$node"):/usr/bin:/bin
if PATH=$clean_path command -v secretloop >/dev/null; then
  echo "e2e[not-found]: skipped: $(PATH=$clean_path command -v secretloop) is on the minimal PATH" >&2
else
  session not-found "$out/not-found" "$work/no/such/secretloop" "$clean_path" --expect-not-found || rc=1
fi

# the planted value must not have reached any log or output we keep
leak=$("$node" -e '
  const fs = require("fs"), path = require("path");
  const value = JSON.parse(fs.readFileSync(process.argv[1], "utf8")).value;
  const hits = [];
  const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p); else if (fs.readFileSync(p).includes(value)) hits.push(path.relative(process.argv[2], p));
  } };
  walk(process.argv[2]);
  console.log(hits.join(" "));
' "$work/fixture.json" "$out")
if [[ -n $leak ]]; then
  echo "e2e: FAIL the planted value appears in: $leak" >&2
  rc=1
fi

# one closing line with the count of checks (drive.js stops at its first failed check)
"$node" -e '
  const fs = require("fs");
  let passed = 0, failed = 0;
  for (const f of process.argv.slice(3)) {
    let s = {};
    try { s = JSON.parse(fs.readFileSync(f, "utf8")); } catch { continue; }
    passed += Object.values(s.checks || {}).filter((c) => c === true || (c && c.ok)).length;
    if (!s.ok) failed++;
  }
  if (process.argv[1] === "") passed++; else failed++;   // the leak check
  if (process.argv[2] !== "0" && failed === 0) failed++;  // a failure before any check ran
  console.log(`e2e: ${passed} passed, ${failed} failed`);
' "$leak" "$rc" "$out/summary.json" "$out/not-found/summary.json"
exit "$rc"
