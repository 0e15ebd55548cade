// The extension's commands: scan workspace, resume run, show run (server commands) and
// restart server, show output (client only).

import * as vscode from 'vscode';
import { formatRunSummary } from './runSummary';
import { CLIENT_COMMANDS, SERVER_COMMANDS } from './serverCommands';
import type { ServerController } from './serverController';

export function registerCommands(controller: ServerController, output: vscode.LogOutputChannel): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(SERVER_COMMANDS.scanWorkspace, async () => {
      await controller.execute(SERVER_COMMANDS.scanWorkspace);
    }),
    vscode.commands.registerCommand(SERVER_COMMANDS.resumeRun, async () => {
      await controller.execute(SERVER_COMMANDS.resumeRun);
    }),
    vscode.commands.registerCommand(SERVER_COMMANDS.showRun, async () => {
      // the server shows a short message itself; the full summary goes to the output channel
      const answer = await controller.execute(SERVER_COMMANDS.showRun);
      if (!answer.ok) return undefined;
      for (const line of formatRunSummary(answer.result)) output.appendLine(line);
      output.show(true);
      return answer.result;
    }),
    vscode.commands.registerCommand(CLIENT_COMMANDS.restartServer, async () => {
      output.info('restarting the server (asked by the user)');
      await controller.restart();
    }),
    vscode.commands.registerCommand(CLIENT_COMMANDS.showOutput, () => output.show(true)),
  ];
}
