// The status bar item: shows the run's phase and what waits for review (texts from statusText.ts).

import * as vscode from 'vscode';
import type { RunStateInfo } from './runState';
import { CLIENT_COMMANDS, SERVER_COMMANDS } from './serverCommands';
import { type ClientPhase, describeClientState, describeRunState, type StatusView } from './statusText';

const BACKGROUND = {
  normal: undefined,
  warning: new vscode.ThemeColor('statusBarItem.warningBackground'),
  error: new vscode.ThemeColor('statusBarItem.errorBackground'),
};

export class RunStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private lastRun: RunStateInfo | undefined;

  constructor() {
    this.item = vscode.window.createStatusBarItem('secretloop.status', vscode.StatusBarAlignment.Left, 0);
    this.item.name = 'SecretLoop';
    this.showClient('starting');
    this.item.show();
  }

  /** A run state from the server; clicking shows the run summary. */
  showRun(state: RunStateInfo): void {
    this.lastRun = state;
    this.apply(describeRunState(state), SERVER_COMMANDS.showRun);
  }

  /** The server's own state. Once running, the last known run (if any) is shown again. */
  showClient(phase: ClientPhase): void {
    if (phase === 'waiting' && this.lastRun) {
      this.showRun(this.lastRun);
      return;
    }
    if (phase !== 'waiting') this.lastRun = undefined;
    const command = phase === 'stopped' || phase === 'notFound' ? CLIENT_COMMANDS.restartServer : SERVER_COMMANDS.showRun;
    this.apply(describeClientState(phase), command);
  }

  private apply(view: StatusView, command: string): void {
    this.item.text = view.text;
    this.item.tooltip = view.tooltip;
    this.item.accessibilityInformation = { label: view.accessibilityLabel };
    this.item.backgroundColor = BACKGROUND[view.tone];
    this.item.command = command;
  }

  dispose(): void {
    this.item.dispose();
  }
}
