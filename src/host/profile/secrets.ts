// Credentials per profile in the editor's SecretStorage, under `voiceSms.profile.<name>` as JSON
// `{ accessKeyId, secretAccessKey }`. Every credential read or written is handed to `onSeen` first,
// so the log masks it before any code could print it.
import * as vscode from 'vscode';
import { profileFromSecretKey, profileSecretKey } from '../../shared/ids.js';
import { parseStoredCredentials, serializeCredentials, type ProfileCredentials } from './credentials.js';
import { Disposable } from '../platform/lifecycle.js';

export type { ProfileCredentials } from './credentials.js';

export interface SecretsChange {
  profile: string;
}

export class ProfileSecrets extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<SecretsChange>());

  /** Fires when a profile's credentials were stored or deleted, also from another window. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly storage: vscode.SecretStorage,
    private readonly onSeen: (credentials: ProfileCredentials) => void,
  ) {
    super();
    this._register(
      storage.onDidChange((e) => {
        const profile = profileFromSecretKey(e.key);
        if (profile !== undefined) this.changed.fire({ profile });
      }),
    );
  }

  /** Undefined when nothing is stored or the stored entry is unusable. */
  async get(profile: string): Promise<ProfileCredentials | undefined> {
    const credentials = parseStoredCredentials(await this.storage.get(profileSecretKey(profile)));
    if (credentials) this.onSeen(credentials);
    return credentials;
  }

  /** Throws (without repeating the values) when a value could not be sent in a header. */
  async store(profile: string, credentials: ProfileCredentials): Promise<void> {
    const json = serializeCredentials(credentials);
    this.onSeen(credentials);
    await this.storage.store(profileSecretKey(profile), json);
  }

  async delete(profile: string): Promise<void> {
    await this.storage.delete(profileSecretKey(profile));
  }
}
