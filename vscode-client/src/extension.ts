// Entry point: the output channel, the status bar item, the commands, and the server, restarted
// when the setting or interpreter that chose it changes. Other settings apply live (the server
// hears didChangeConfiguration).

import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { onInterpreterChange, PYTHON_EXTENSION_ID } from './pythonInterpreter';
import { ServerController } from './serverController';
import { needsRestart } from './settings';
import { RunStatusBar } from './statusBar';

let controller: ServerController | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('SecretLoop', { log: true });
  const status = new RunStatusBar();
  controller = new ServerController(output, status);
  const ctl = controller;
  context.subscriptions.push(output, status, ctl, ...registerCommands(ctl, output));

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (needsRestart((section) => e.affectsConfiguration(section))) {
        output.info('secretloop.path changed: restarting the server');
        void ctl.restart();
      }
    }),
  );

  // A new interpreter may have (or lack) SecretLoop: look again when it was, or could be, the source.
  const python = vscode.extensions.getExtension(PYTHON_EXTENSION_ID);
  if (python) {
    void Promise.resolve(python.isActive ? python.exports : python.activate()).then(
      (api: unknown) => {
        const sub = onInterpreterChange(api, () => {
          if (ctl.serverSource === undefined || ctl.serverSource === 'python') {
            output.info('the Python interpreter changed: restarting the server');
            void ctl.restart();
          }
        });
        if (sub) context.subscriptions.push({ dispose: () => void sub.dispose() });
      },
      (err: unknown) => output.warn(`the Python extension did not activate: ${String(err)}`),
    );
  }

  await ctl.start();
}

export async function deactivate(): Promise<void> {
  await controller?.stop();
  controller = undefined;
}
