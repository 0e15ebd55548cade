import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  describeServer,
  locateServer,
  type LocatorProbes,
  type ProbeResult,
  resolveConfiguredPath,
} from '../src/serverLocator';

/** Probes over a fake machine: a set of executable files, an interpreter, a PATH. */
function fakeMachine(opts: {
  executables?: string[];
  interpreter?: string | { reason: string } | Error;
  importable?: string[];
  onPath?: Record<string, string>;
}): LocatorProbes & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async isExecutableFile(p): Promise<ProbeResult> {
      calls.push(`file ${p}`);
      return opts.executables?.includes(p) ? { ok: true } : { ok: false, reason: 'no such file' };
    },
    async activeInterpreter() {
      calls.push('interpreter');
      const i = opts.interpreter;
      if (i instanceof Error) throw i;
      if (i === undefined) return { reason: 'the Python extension (ms-python.python) is not installed' };
      return typeof i === 'string' ? { path: i } : i;
    },
    async canImportSecretloop(python): Promise<ProbeResult> {
      calls.push(`import ${python}`);
      return opts.importable?.includes(python) ? { ok: true } : { ok: false, reason: "No module named 'secretloop'" };
    },
    async findOnPath(name) {
      calls.push(`which ${name}`);
      return opts.onPath?.[name];
    },
  };
}

const home = '/home/u';
const ws = '/work/proj';

describe('resolveConfiguredPath', () => {
  it('treats empty and blank as unset', () => {
    assert.equal(resolveConfiguredPath('', home, ws), undefined);
    assert.equal(resolveConfiguredPath('   ', home, ws), undefined);
  });
  it('expands ~, ${userHome} and ${workspaceFolder}', () => {
    assert.equal(resolveConfiguredPath('~/venv/bin/secretloop', home, ws), '/home/u/venv/bin/secretloop');
    assert.equal(resolveConfiguredPath('${userHome}/bin/secretloop', home, ws), '/home/u/bin/secretloop');
    assert.equal(resolveConfiguredPath('${workspaceFolder}/.venv/bin/secretloop', home, ws), '/work/proj/.venv/bin/secretloop');
  });
  it('takes a relative path from the workspace folder and leaves a bare name for PATH', () => {
    assert.equal(resolveConfiguredPath('.venv/bin/secretloop', home, ws), '/work/proj/.venv/bin/secretloop');
    assert.equal(resolveConfiguredPath('./bin/secretloop', home, ws), '/work/proj/bin/secretloop');
    assert.equal(resolveConfiguredPath('secretloop-dev', home, ws), 'secretloop-dev');
  });
  it('keeps absolute paths, including Windows ones', () => {
    assert.equal(resolveConfiguredPath('/opt/secretloop', home, ws), '/opt/secretloop');
    assert.equal(resolveConfiguredPath('C:\\tools\\secretloop.exe', home, ws), 'C:\\tools\\secretloop.exe');
  });
});

describe('locateServer', () => {
  it('uses secretloop.path first and does not look further', async () => {
    const m = fakeMachine({ executables: ['/opt/sl/secretloop'], interpreter: '/usr/bin/python3', importable: ['/usr/bin/python3'], onPath: { secretloop: '/usr/bin/secretloop' } });
    const r = await locateServer({ configuredPath: '/opt/sl/secretloop', homeDir: home, workspaceFolder: ws }, m);
    assert.deepEqual(r, { ok: true, server: { command: '/opt/sl/secretloop', args: ['lsp'], source: 'setting' }, notes: [] });
    assert.deepEqual(m.calls, ['file /opt/sl/secretloop']);
  });

  it('looks a bare name in secretloop.path up on PATH', async () => {
    const m = fakeMachine({ onPath: { 'secretloop-dev': '/usr/local/bin/secretloop-dev' } });
    const r = await locateServer({ configuredPath: 'secretloop-dev', homeDir: home }, m);
    assert.ok(r.ok);
    assert.deepEqual(r.server, { command: '/usr/local/bin/secretloop-dev', args: ['lsp'], source: 'setting' });
  });

  it('falls back from a broken secretloop.path and says why', async () => {
    const m = fakeMachine({ onPath: { secretloop: '/usr/bin/secretloop' } });
    const r = await locateServer({ configuredPath: '~/missing/secretloop', homeDir: home }, m);
    assert.ok(r.ok);
    assert.equal(r.server.source, 'path');
    assert.match(r.notes[0], /secretloop\.path "\/home\/u\/missing\/secretloop": no such file/);
  });

  it('reports an unexpanded variable instead of probing it', async () => {
    const m = fakeMachine({ onPath: { secretloop: '/usr/bin/secretloop' } });
    const r = await locateServer({ configuredPath: '${env:HOME}/secretloop', homeDir: home, workspaceFolder: ws }, m);
    assert.ok(r.ok);
    assert.match(r.notes[0], /unknown variable/);
    assert.ok(!m.calls.some((c) => c.startsWith('file ')));
  });

  it('uses the Python interpreter with -m secretloop lsp when it can import secretloop', async () => {
    const m = fakeMachine({ interpreter: '/proj/.venv/bin/python', importable: ['/proj/.venv/bin/python'], onPath: { secretloop: '/usr/bin/secretloop' } });
    const r = await locateServer({ homeDir: home }, m);
    assert.deepEqual(r, { ok: true, server: { command: '/proj/.venv/bin/python', args: ['-m', 'secretloop', 'lsp'], source: 'python' }, notes: [] });
    assert.deepEqual(m.calls, ['interpreter', 'import /proj/.venv/bin/python']);
  });

  it('skips an interpreter without secretloop and takes PATH', async () => {
    const m = fakeMachine({ interpreter: '/usr/bin/python3', onPath: { secretloop: '/home/u/.local/bin/secretloop' } });
    const r = await locateServer({ homeDir: home }, m);
    assert.ok(r.ok);
    assert.deepEqual(r.server, { command: '/home/u/.local/bin/secretloop', args: ['lsp'], source: 'path' });
    assert.match(r.notes.join('\n'), /"\/usr\/bin\/python3": cannot import secretloop \(No module named 'secretloop'\)/);
  });

  it('survives a Python extension that throws', async () => {
    const m = fakeMachine({ interpreter: new Error('activation failed'), onPath: { secretloop: '/usr/bin/secretloop' } });
    const r = await locateServer({ homeDir: home }, m);
    assert.ok(r.ok);
    assert.match(r.notes[0], /the Python extension failed: activation failed/);
  });

  it('gives one clear install message when nothing works, with every step in the notes', async () => {
    const m = fakeMachine({ interpreter: '/usr/bin/python3' });
    const r = await locateServer({ configuredPath: '/nope/secretloop', homeDir: home }, m);
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.match(r.message, /not found/);
    assert.match(r.message, /pip install secretloop/);
    assert.match(r.message, /secretloop\.path/);
    assert.equal(r.notes.length, 3);
    assert.match(r.notes[0], /secretloop\.path/);
    assert.match(r.notes[1], /Python interpreter/);
    assert.match(r.notes[2], /PATH/);
  });
});

describe('describeServer', () => {
  it('names the command line and where it came from', () => {
    assert.equal(
      describeServer({ command: '/v/bin/python', args: ['-m', 'secretloop', 'lsp'], source: 'python' }),
      `starting "/v/bin/python -m secretloop lsp" (found via the Python extension's interpreter)`,
    );
  });
});
