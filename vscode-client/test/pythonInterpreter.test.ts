import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activeInterpreterFromApi, onInterpreterChange, withTimeout } from '../src/pythonInterpreter';

describe('activeInterpreterFromApi', () => {
  it('resolves the active environment to its executable', async () => {
    const seen: unknown[] = [];
    const api = {
      environments: {
        getActiveEnvironmentPath: (resource: unknown) => {
          seen.push(resource);
          return { id: 'venv', path: '/proj/.venv' };
        },
        resolveEnvironment: async (env: { path: string }) => ({ executable: { uri: { fsPath: `${env.path}/bin/python` } } }),
      },
    };
    assert.equal(await activeInterpreterFromApi(api, 'file:///proj'), '/proj/.venv/bin/python');
    assert.deepEqual(seen, ['file:///proj']);
  });

  it('uses the active path itself when it cannot be resolved', async () => {
    const api = {
      environments: {
        getActiveEnvironmentPath: () => ({ id: 'x', path: '/usr/bin/python3' }),
        resolveEnvironment: async () => undefined,
      },
    };
    assert.equal(await activeInterpreterFromApi(api), '/usr/bin/python3');
  });

  it('falls back to the legacy settings API (single executable only)', async () => {
    let ready = false;
    const legacy = (execCommand: unknown) => ({
      ready: Promise.resolve().then(() => { ready = true; }),
      settings: { getExecutionDetails: () => { assert.ok(ready, 'waits for api.ready'); return { execCommand }; } },
    });
    assert.equal(await activeInterpreterFromApi(legacy(['/opt/py/bin/python'])), '/opt/py/bin/python');
    assert.equal(await activeInterpreterFromApi(legacy(['conda', 'run', '-n', 'x', 'python'])), undefined);
    assert.equal(await activeInterpreterFromApi(legacy(undefined)), undefined);
  });

  it('returns undefined for a missing or odd API', async () => {
    assert.equal(await activeInterpreterFromApi(undefined), undefined);
    assert.equal(await activeInterpreterFromApi(42), undefined);
    assert.equal(await activeInterpreterFromApi({ environments: { getActiveEnvironmentPath: () => ({ path: '' }) } }), undefined);
  });
});

describe('onInterpreterChange', () => {
  it('subscribes to the environments event when there is one', () => {
    let listener: (() => void) | undefined;
    let calls = 0;
    const api = { environments: { onDidChangeActiveEnvironmentPath: (l: () => void) => { listener = l; return { dispose: () => undefined }; } } };
    const sub = onInterpreterChange(api, () => { calls++; });
    assert.ok(sub);
    listener?.();
    assert.equal(calls, 1);
    assert.equal(onInterpreterChange({}, () => undefined), undefined);
  });
});

describe('withTimeout', () => {
  it('passes a fast result through and rejects a slow one with the message', async () => {
    assert.equal(await withTimeout(Promise.resolve(7), 1000, 'slow'), 7);
    await assert.rejects(withTimeout(new Promise(() => undefined), 10, 'the Python extension did not answer'), /did not answer/);
  });
});
