import { apiBaseUrl, createAppgenClient, DEFAULT_API_URL, type AppgenClient } from '@appgen/sdk';
import { configPath, readConfig, writeConfig, type StoredConfig } from './config-file';
import { refreshTokens } from './oauth-login';
import { CliError, EXIT } from './exit-codes';
import { Output, type Stream } from './output';

/** What the CLI is given by its process: streams, variables, the terminal. Specs give their own. */
export interface CliIo {
  stdout: Stream;
  stderr: Stream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** the user's home folder (the config file's default place) */
  home?: string;
  /** asks a question on the terminal and answers the line typed; absent when stdin is not a terminal */
  ask?: (question: string, options?: { hidden?: boolean }) => Promise<string>;
  /** everything on stdin, when it is not a terminal (`echo $KEY | appgen login`) */
  readStdin?: () => Promise<string>;
  /** aborts on Ctrl-C */
  signal?: AbortSignal;
  /** the fetch the SDK uses (specs), default the global one */
  fetch?: typeof globalThis.fetch;
  /** the first pause of a --wait between reads (specs shorten it), default the SDK's 1 s */
  pollIntervalMs?: number;
  /** opens an address in the user's browser (`login --web`) */
  openUrl?: (url: string) => void;
}

export interface GlobalOptions {
  json?: boolean;
  apiUrl?: string;
}

/** The CLI's version (apps/cli/package.json's; the package spec runs `appgen --version` against it). */
export const CLI_VERSION = '0.1.0';
export const USER_AGENT = `appgen-cli/${CLI_VERSION}`;

/** One run's view of the options, the config file and the API. */
export class Session {
  readonly out: Output;
  private stored: Promise<StoredConfig> | undefined;

  constructor(
    readonly io: CliIo,
    readonly options: GlobalOptions,
  ) {
    this.out = new Output(io.stdout, io.stderr, options.json === true);
  }

  get configPath(): string {
    return configPath(this.io.env, this.io.home);
  }

  config(): Promise<StoredConfig> {
    this.stored ??= readConfig(this.configPath);
    return this.stored;
  }

  /** --api-url, else APPGEN_API_URL, else the config file's, else the local platform; always ending in /api/v1. */
  async apiUrl(): Promise<string> {
    return apiBaseUrl(this.options.apiUrl ?? this.io.env['APPGEN_API_URL'] ?? (await this.config()).api_url ?? DEFAULT_API_URL);
  }

  /** APPGEN_API_KEY, else the key `appgen login` stored. */
  async apiKey(): Promise<string | undefined> {
    return this.io.env['APPGEN_API_KEY'] || (await this.config()).api_key;
  }

  get fetch(): typeof globalThis.fetch {
    return this.io.fetch ?? globalThis.fetch;
  }

  clientWith(credential: { apiKey: string } | { accessToken: string }, apiUrl: string): AppgenClient {
    return createAppgenClient({ baseUrl: apiUrl, ...credential, userAgent: USER_AGENT, fetch: this.fetch });
  }

  /**
   * A client with the credential: APPGEN_API_KEY, else the stored key, else the stored browser sign-in (its access
   * token refreshed, and the rotated tokens stored, when it is about to expire); without any, exit 3 telling how.
   */
  async client(): Promise<AppgenClient> {
    const key = await this.apiKey();
    if (key) return this.clientWith({ apiKey: key }, await this.apiUrl());
    const stored = await this.config();
    if (stored.oauth) {
      let oauth = stored.oauth;
      if (Date.parse(oauth.expires_at) - 60_000 < Date.now()) {
        oauth = await refreshTokens(oauth, this.fetch);
        await writeConfig(this.configPath, { ...stored, oauth });
      }
      return this.clientWith({ accessToken: oauth.access_token }, await this.apiUrl());
    }
    throw new CliError(EXIT.auth, { error: 'unauthorized', message: 'No API key: run `appgen login`, or set APPGEN_API_KEY' });
  }
}
