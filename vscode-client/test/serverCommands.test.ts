import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CLIENT_COMMANDS, EXTENSION_OWNED, SERVER_COMMANDS, withoutExtensionOwned } from '../src/serverCommands';

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8'));

describe('withoutExtensionOwned', () => {
  it('keeps confirm/dismiss for the language client and drops the ids the extension registers', () => {
    const announced = { commands: Object.values(SERVER_COMMANDS), workDoneProgress: true };
    assert.deepEqual(withoutExtensionOwned(announced), {
      commands: ['secretloop.confirmFinding', 'secretloop.dismissFinding'],
      workDoneProgress: true,
    });
    assert.equal(announced.commands.length, 5, 'the input is not changed');
  });
  it('leaves options without a command list alone', () => {
    const opts: { commands?: string[]; workDoneProgress: boolean } = { workDoneProgress: false };
    assert.equal(withoutExtensionOwned(opts), opts);
  });
});

describe('contributed commands', () => {
  it('package.json contributes every command the extension registers, and nothing else', () => {
    const contributed = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
    assert.deepEqual(contributed, [...EXTENSION_OWNED, ...Object.values(CLIENT_COMMANDS)].sort());
  });
  it('engines.vscode accepts code-server 1.100.3', () => {
    const m = /^\^1\.(\d+)\.\d+$/.exec(manifest.engines.vscode);
    assert.ok(m, `engines.vscode is ${manifest.engines.vscode}`);
    assert.ok(Number(m[1]) <= 100);
    const typesVersion = JSON.parse(readFileSync(require.resolve('@types/vscode/package.json'), 'utf8')).version as string;
    assert.ok(Number(typesVersion.split('.')[1]) <= Number(m[1]), '@types/vscode must not be newer than engines.vscode (vsce refuses it)');
  });
});
