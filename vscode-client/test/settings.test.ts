import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  answerConfiguration,
  answerSection,
  buildServerSettings,
  CLIENT_ONLY_KEYS,
  needsRestart,
  NOT_OURS,
  SERVER_SETTING_KEYS,
} from '../src/settings';

const root = path.resolve(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const contributed: Record<string, { default: unknown }> = manifest.contributes.configuration.properties;

/** What VS Code's configuration reader returns: the contributed defaults, overridden by `user`. */
function reader(user: Record<string, unknown> = {}): (key: string) => unknown {
  return (key) => (key in user ? user[key] : contributed[`secretloop.${key}`]?.default);
}

describe('the settings catalogue', () => {
  it('package.json contributes exactly the server keys plus the client-only ones', () => {
    const expected = [...SERVER_SETTING_KEYS, ...CLIENT_ONLY_KEYS].map((k) => `secretloop.${k}`).sort();
    assert.deepEqual(Object.keys(contributed).sort(), expected);
  });

  it('every contributed setting has a description and a default', () => {
    for (const [key, spec] of Object.entries(contributed) as [string, Record<string, unknown>][]) {
      assert.ok(spec.description || spec.markdownDescription, `${key} has no description`);
      assert.ok('default' in spec, `${key} has no default`);
    }
  });

  it('matches the "Editor settings" list of docs/CONTRACTS.md', (t) => {
    let doc: string;
    try {
      doc = readFileSync(path.join(root, '..', 'docs', 'CONTRACTS.md'), 'utf8');
    } catch {
      t.skip('docs/CONTRACTS.md is not next to vscode-client/');
      return;
    }
    const section = doc.split(/^## /m).find((s) => s.startsWith('Editor settings'));
    assert.ok(section, 'CONTRACTS.md has an "Editor settings" section');
    const names = [...section.matchAll(/`([a-z][A-Za-z.]*)`/g)].map((m) => m[1]).filter((n) => n !== 'secretloop');
    assert.deepEqual([...new Set(names)].sort(), [...SERVER_SETTING_KEYS, ...CLIENT_ONLY_KEYS].sort());
  });
});

describe('buildServerSettings', () => {
  it('nests the dotted keys and leaves out the client-only ones', () => {
    const s = buildServerSettings(reader({ path: '/x/secretloop', 'trace.server': 'verbose' }));
    assert.deepEqual(s, {
      judge: 'offline',
      openai: {
        model: 'gpt-4o-mini', baseUrl: null, apiKeyEnv: 'OPENAI_API_KEY', timeoutSeconds: 30, maxCalls: 200,
        maxTokens: 200000, temperature: 0.2, batchSize: 8, sendValues: false,
      },
      exclude: [],
      maxFileSize: 2097152,
      rulesFiles: [],
      disabledRules: [],
      scan: { onOpen: true, onSave: true, onChange: true, changeDelayMs: 500 },
      severity: { confirmed: 'error', pending: 'warning' },
      workspaceScanOnStartup: true,
    });
  });

  it('passes user values through as plain JSON', () => {
    const s = buildServerSettings(reader({ judge: 'openai', 'openai.baseUrl': 'http://127.0.0.1:9/v1', exclude: ['fixtures/**'], 'scan.onChange': false }));
    assert.equal(s.judge, 'openai');
    assert.deepEqual((s.openai as Record<string, unknown>).baseUrl, 'http://127.0.0.1:9/v1');
    assert.deepEqual(s.exclude, ['fixtures/**']);
    assert.equal((s.scan as Record<string, unknown>).onChange, false);
  });

  it('drops keys without a value and values that are not data', () => {
    const s = buildServerSettings((key) => ({ judge: 'offline', maxFileSize: Number.NaN, exclude: ['a', undefined, () => 1] } as Record<string, unknown>)[key]);
    assert.deepEqual(s, { judge: 'offline', exclude: ['a'] });
  });

  it('keeps a wrongly typed value for the server to report (it validates every setting)', () => {
    const s = buildServerSettings(reader({ maxFileSize: 'big' }));
    assert.equal(s.maxFileSize, 'big');
  });
});

describe('answerSection', () => {
  const settings = buildServerSettings(reader());
  it('answers secretloop with the whole object and sub-sections with their part', () => {
    assert.equal(answerSection('secretloop', settings), settings);
    assert.deepEqual(answerSection('secretloop.scan', settings), { onOpen: true, onSave: true, onChange: true, changeDelayMs: 500 });
    assert.equal(answerSection('secretloop.openai.model', settings), 'gpt-4o-mini');
  });
  it('answers null for client-only and unknown keys under secretloop', () => {
    assert.equal(answerSection('secretloop.path', settings), null);
    assert.equal(answerSection('secretloop.judge.deeper', settings), null);
  });
  it('leaves other sections to the default handler', () => {
    assert.equal(answerSection('editor', settings), NOT_OURS);
    assert.equal(answerSection(undefined, settings), NOT_OURS);
    assert.equal(answerSection('secretloopx', settings), NOT_OURS);
  });
});

describe('answerConfiguration', () => {
  const settingsFor = (scopeUri: string | undefined) => ({ judge: 'offline', scope: scopeUri ?? 'none' });
  it('answers secretloop items itself, per scope, without asking the default handler', async () => {
    let asked = 0;
    const r = await answerConfiguration(
      [{ section: 'secretloop', scopeUri: 'file:///a' }, { section: 'secretloop.judge' }],
      settingsFor,
      async () => { asked++; return []; },
    );
    assert.deepEqual(r, [{ judge: 'offline', scope: 'file:///a' }, 'offline']);
    assert.equal(asked, 0);
  });
  it('takes other sections from the default handler, in order', async () => {
    const r = await answerConfiguration(
      [{ section: 'editor.tabSize' }, { section: 'secretloop.judge' }, { section: null }],
      settingsFor,
      async () => [4, 'ignored', { all: true }],
    );
    assert.deepEqual(r, [4, 'offline', { all: true }]);
  });
  it('passes a failure of the default handler through', async () => {
    const failure = new Error('no configuration');
    assert.equal(await answerConfiguration([{ section: 'files' }], settingsFor, async () => failure), failure);
  });
});

describe('change detection', () => {
  const changed = (...keys: string[]) => (section: string) => keys.some((k) => k === section || k.startsWith(`${section}.`) || section.startsWith(`${k}.`));
  it('restarts only for secretloop.path', () => {
    assert.equal(needsRestart(changed('secretloop.path')), true);
    assert.equal(needsRestart(changed('secretloop.judge')), false);
    assert.equal(needsRestart(changed('secretloop.trace.server')), false);
    assert.equal(needsRestart(changed('secretloop')), true, 'a change of the whole section may include the path');
  });
});
