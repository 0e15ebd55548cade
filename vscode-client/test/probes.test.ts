import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { canImportSecretloop, findOnPath, isExecutableFile } from '../src/probes';

const posix = process.platform !== 'win32';
let dir = '';

function script(name: string, body: string, mode = 0o755): string {
  const p = path.join(dir, name);
  writeFileSync(p, `#!/bin/sh\n${body}\n`);
  chmodSync(p, mode);
  return p;
}

before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sl-probes-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('isExecutableFile', { skip: !posix && 'POSIX permissions' }, () => {
  it('accepts an executable file', async () => {
    assert.deepEqual(await isExecutableFile(script('ok', 'exit 0')), { ok: true });
  });
  it('says why not: missing, directory, not executable', async () => {
    assert.deepEqual(await isExecutableFile(path.join(dir, 'missing')), { ok: false, reason: 'no such file' });
    mkdirSync(path.join(dir, 'adir'));
    assert.deepEqual(await isExecutableFile(path.join(dir, 'adir')), { ok: false, reason: 'not a file' });
    const r = await isExecutableFile(script('plain', 'exit 0', 0o644));
    assert.equal(r.ok, false);
    assert.match((r as { reason: string }).reason, /not executable/);
  });
});

describe('findOnPath', { skip: !posix && 'POSIX permissions' }, () => {
  it('returns the first executable match in PATH order', async () => {
    const a = path.join(dir, 'a');
    const b = path.join(dir, 'b');
    mkdirSync(a);
    mkdirSync(b);
    writeFileSync(path.join(a, 'secretloop'), 'not executable');
    writeFileSync(path.join(b, 'secretloop'), '#!/bin/sh\n');
    chmodSync(path.join(b, 'secretloop'), 0o755);
    assert.equal(await findOnPath('secretloop', { PATH: `${a}::${b}` }, 'linux'), path.join(b, 'secretloop'));
    assert.equal(await findOnPath('nothere', { PATH: `${a}:${b}` }, 'linux'), undefined);
    assert.equal(await findOnPath('secretloop', {}, 'linux'), undefined);
  });
});

describe('canImportSecretloop', { skip: !posix && 'shell scripts stand in for python' }, () => {
  it('is ok when the interpreter exits 0', async () => {
    // the stand-in checks it was asked exactly `-c "import secretloop"`
    const py = script('py-ok', '[ "$1" = "-c" ] && [ "$2" = "import secretloop" ] && exit 0; exit 3');
    assert.deepEqual(await canImportSecretloop(py), { ok: true });
  });
  it("reports the interpreter's last stderr line", async () => {
    const py = script('py-missing', 'echo "Traceback (most recent call last):" >&2; echo "ModuleNotFoundError: No module named \'secretloop\'" >&2; exit 1');
    assert.deepEqual(await canImportSecretloop(py), { ok: false, reason: "ModuleNotFoundError: No module named 'secretloop'" });
  });
  it('reports a missing interpreter and one that hangs', async () => {
    assert.deepEqual(await canImportSecretloop(path.join(dir, 'no-python')), { ok: false, reason: 'no such interpreter' });
    const py = script('py-hang', 'exec sleep 30');
    const r = await canImportSecretloop(py, 300);
    assert.equal(r.ok, false);
    assert.match((r as { reason: string }).reason, /no answer within/);
  });
});
