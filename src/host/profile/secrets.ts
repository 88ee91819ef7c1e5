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
  /**
   * What each profile's entry held when last read. Every request needs the credentials, and each storage read is a
   * round trip to the editor's window (in a browser-based editor, through the page that is also building a panel
   * just opened). Dropped on every change of the entry, from this window or another.
   */
  private readonly known = new Map<string, Promise<ProfileCredentials | undefined>>();

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
        if (profile === undefined) return;
        this.known.delete(profile);
        this.changed.fire({ profile });
      }),
    );
  }

  /** Undefined when nothing is stored or the stored entry is unusable. */
  async get(profile: string): Promise<ProfileCredentials | undefined> {
    let read = this.known.get(profile);
    if (!read) {
      read = Promise.resolve(this.storage.get(profileSecretKey(profile))).then(parseStoredCredentials);
      this.known.set(profile, read);
      // A failed read is not remembered: the next caller asks the storage again.
      read.catch(() => this.known.get(profile) === read && this.known.delete(profile));
    }
    const credentials = await read;
    if (credentials) this.onSeen(credentials);
    return credentials;
  }

  /** Throws (without repeating the values) when a value could not be sent in a header. */
  async store(profile: string, credentials: ProfileCredentials): Promise<void> {
    const json = serializeCredentials(credentials);
    this.onSeen(credentials);
    this.known.delete(profile);
    try {
      await this.storage.store(profileSecretKey(profile), json);
    } finally {
      this.known.delete(profile);
    }
  }

  async delete(profile: string): Promise<void> {
    this.known.delete(profile);
    try {
      await this.storage.delete(profileSecretKey(profile));
    } finally {
      this.known.delete(profile);
    }
  }
}
