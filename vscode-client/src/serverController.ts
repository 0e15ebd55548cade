// Owns the language client: finds the server, starts it over stdio, restarts it, and sends it
// commands. Settings go out as initializationOptions, workspace/configuration answers and
// didChangeConfiguration payloads, all built by settings.ts from the same reader.

import * as os from 'node:os';
import * as vscode from 'vscode';
import {
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  LanguageClient,
  type LanguageClientOptions,
  ResponseError,
  type ServerOptions,
  State,
} from 'vscode-languageclient/node';
import { canImportSecretloop, findOnPath, isExecutableFile } from './probes';
import { activeInterpreterFromApi, PYTHON_EXTENSION_ID, withTimeout } from './pythonInterpreter';
import { parseRunState, RUN_STATE_NOTIFICATION } from './runState';
import { describeServer, errorText, locateServer, type LocatorProbes, type ServerCommand } from './serverLocator';
import { withoutExtensionOwned } from './serverCommands';
import { answerConfiguration, buildServerSettings, SECTION, type ServerSettings } from './settings';
import type { RunStatusBar } from './statusBar';

const CLIENT_ID = 'secretloop'; // also makes the client read `secretloop.trace.server`
const CLIENT_NAME = 'SecretLoop';

function readServerSettings(scope?: vscode.Uri): ServerSettings {
  const config = vscode.workspace.getConfiguration(SECTION, scope ?? null);
  return buildServerSettings((key) => config.get(key));
}

function firstWorkspaceFolder(): string | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
}

async function pythonInterpreter(): Promise<{ path: string } | { reason: string }> {
  const ext = vscode.extensions.getExtension(PYTHON_EXTENSION_ID);
  if (!ext) return { reason: `the Python extension (${PYTHON_EXTENSION_ID}) is not installed` };
  const resource = vscode.workspace.workspaceFolders?.[0]?.uri;
  const found = await withTimeout(
    (async () => activeInterpreterFromApi(ext.isActive ? ext.exports : await ext.activate(), resource))(),
    30000,
    'the Python extension did not answer within 30s',
  );
  return found ? { path: found } : { reason: 'the Python extension reports no interpreter' };
}

const probes: LocatorProbes = {
  isExecutableFile: (p) => isExecutableFile(p),
  activeInterpreter: pythonInterpreter,
  canImportSecretloop: (python) => canImportSecretloop(python),
  findOnPath: (name) => findOnPath(name),
};

export class ServerController implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private server: ServerCommand | undefined;
  /** start/stop/restart run one after the other, never interleaved */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly output: vscode.LogOutputChannel,
    private readonly status: RunStatusBar,
  ) {}

  get serverSource(): ServerCommand['source'] | undefined {
    return this.server?.source;
  }

  private serialize<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step, step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Finds and starts the server; true when it runs. Shows the install message when it is not found. */
  start(): Promise<boolean> {
    return this.serialize(() => this.doStart());
  }

  /** Stops the server (if any), looks it up again (the settings may have changed) and starts it. */
  restart(): Promise<boolean> {
    return this.serialize(async () => {
      await this.doStop();
      return this.doStart();
    });
  }

  stop(): Promise<void> {
    return this.serialize(() => this.doStop());
  }

  isRunning(): boolean {
    return this.client?.state === State.Running;
  }

  /** Sends workspace/executeCommand; `ok: false` (after telling the user) when there is no running server or it fails. */
  async execute(command: string, args: unknown[] = []): Promise<{ ok: true; result: unknown } | { ok: false }> {
    await this.queue;
    if (!this.client || !this.isRunning()) {
      const choice = await vscode.window.showErrorMessage(
        'SecretLoop: the server is not running.',
        'Restart Server',
        'Show Output',
      );
      if (choice === 'Restart Server') void this.restart();
      if (choice === 'Show Output') this.output.show(true);
      return { ok: false };
    }
    try {
      const result: unknown = await this.client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args });
      return { ok: true, result };
    } catch (err) {
      const text = err instanceof ResponseError ? err.message : errorText(err);
      this.output.error(`${command} failed: ${text}`);
      void vscode.window.showErrorMessage(`SecretLoop: ${command} failed: ${text}`);
      return { ok: false };
    }
  }

  private async doStart(): Promise<boolean> {
    if (this.client) return this.isRunning();
    this.status.showClient('starting');
    const found = await locateServer(
      { configuredPath: vscode.workspace.getConfiguration(SECTION).get<string>('path'), homeDir: os.homedir(), workspaceFolder: firstWorkspaceFolder() },
      probes,
    );
    for (const note of found.notes) this.output.info(`server lookup: ${note}`);
    if (!found.ok) {
      this.server = undefined;
      this.output.error(found.message);
      this.status.showClient('notFound');
      void vscode.window.showErrorMessage(found.message, 'Open Settings', 'Show Output').then((choice) => {
        if (choice === 'Open Settings') void vscode.commands.executeCommand('workbench.action.openSettings', `${SECTION}.path`);
        if (choice === 'Show Output') this.output.show(true);
      });
      return false;
    }
    this.server = found.server;
    this.output.info(describeServer(found.server));
    const client = this.createClient(found.server);
    this.client = client;
    try {
      await client.start();
      return true;
    } catch (err) {
      // the client has already shown its own message; keep the log and the status accurate
      this.output.error(`the server did not start: ${errorText(err)}`);
      this.status.showClient('stopped');
      return false;
    }
  }

  private async doStop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    try {
      if (client.needsStop()) await client.stop(5000);
    } catch (err) {
      this.output.warn(`stopping the server: ${errorText(err)}`);
    }
    await client.dispose().catch(() => undefined);
    this.status.showClient('stopped');
  }

  private createClient(server: ServerCommand): LanguageClient {
    const serverOptions: ServerOptions = {
      // no `transport`: stdio is the default, and setting it would append `--stdio` to the args
      command: server.command,
      args: server.args,
      options: { cwd: firstWorkspaceFolder(), env: process.env },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [{ scheme: 'file' }],
      outputChannel: this.output,
      traceOutputChannel: this.output,
      // a function, so a restart sends the settings of that moment
      initializationOptions: () => ({ settings: readServerSettings() }),
      synchronize: { configurationSection: SECTION },
      middleware: {
        workspace: {
          configuration: (params, token, next) =>
            answerConfiguration(
              params.items,
              (scopeUri) => readServerSettings(scopeUri ? vscode.Uri.parse(scopeUri) : undefined),
              async () => next(params, token),
            ),
          // the same nested object as workspace/configuration, without the client-only keys
          didChangeConfiguration: async () => {
            await client.sendNotification(DidChangeConfigurationNotification.type, {
              settings: { [SECTION]: readServerSettings() },
            });
          },
        },
      },
    };
    const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);

    // The extension registers scan/resume/show itself (they must answer before the server is up);
    // keep the client from registering the same ids again when the server announces them.
    const commandsFeature = client.getFeature(ExecuteCommandRequest.method);
    const register = commandsFeature.register.bind(commandsFeature);
    commandsFeature.register = (data) => register({ ...data, registerOptions: withoutExtensionOwned(data.registerOptions) });

    client.onNotification(RUN_STATE_NOTIFICATION, (params: unknown) => {
      const parsed = parseRunState(params);
      if (parsed.ok) this.status.showRun(parsed.state);
      else this.output.warn(parsed.error);
    });
    client.onDidChangeState((e) => {
      if (client !== this.client) return;
      if (e.newState === State.Running) this.status.showClient('waiting');
      else if (e.newState === State.Stopped) this.status.showClient('stopped');
    });
    return client;
  }

  dispose(): void {
    void this.stop();
  }
}
