// Whether the user is signed in (an active profile whose credentials are stored) and which voice
// instances are visible, kept in step with settings and SecretStorage, and mirrored into the
// context keys the welcome views and menus read.
import * as vscode from 'vscode';
import { CONTEXT_KEYS, SETTINGS } from '../../shared/ids.js';
import type { HostConfig } from './config.js';
import type { ContextKeys } from '../platform/contextKeys.js';
import { Disposable } from '../platform/lifecycle.js';
import type { RedactingLogger } from '../platform/redactingLogger.js';
import type { ProfileSecrets } from './secrets.js';
import type { ProfileSettings } from './settings.js';

export interface SessionSnapshot {
  signedIn: boolean;
  /** The active profile, whether or not its credentials are stored. */
  profile: ProfileSettings | undefined;
  instances: string[];
}

const SIGNED_OUT: SessionSnapshot = Object.freeze({ signedIn: false, profile: undefined, instances: [] });

/** Settings whose change can alter the session; others (timeouts, SMS options) cannot. */
const SESSION_SETTINGS = [SETTINGS.profiles, SETTINGS.activeProfile, SETTINGS.workspaceInstances] as const;

export class SessionState extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<SessionSnapshot>());
  private snapshot: SessionSnapshot = SIGNED_OUT;
  private generation = 0;

  readonly onDidChange = this.changed.event;

  constructor(
    private readonly config: HostConfig,
    private readonly secrets: ProfileSecrets,
    private readonly keys: ContextKeys,
    private readonly log: RedactingLogger,
  ) {
    super();
    this._register(
      config.onDidChange((e) => {
        if (SESSION_SETTINGS.some((key) => e.affects(key))) void this.refresh();
      }),
    );
    this._register(
      secrets.onDidChange((e) => {
        if (e.profile === this.config.activeProfile?.name) void this.refresh();
      }),
    );
  }

  get current(): SessionSnapshot {
    return this.snapshot;
  }

  /** Re-reads settings and the active profile's secret; never rejects (a failure reads as signed out). */
  async refresh(): Promise<SessionSnapshot> {
    const generation = ++this.generation;
    let next: SessionSnapshot;
    try {
      const profile = this.config.activeProfile;
      const credentials = profile ? await this.secrets.get(profile.name) : undefined;
      next = { signedIn: credentials !== undefined, profile, instances: this.config.instances };
    } catch (e) {
      this.log.error('Could not read the stored credentials:', e);
      next = SIGNED_OUT;
    }
    // A later refresh started while this one awaited the secret store; its answer wins.
    if (generation !== this.generation) return this.snapshot;
    this.snapshot = next;
    await Promise.all([
      this.keys.set(CONTEXT_KEYS.signedIn, next.signedIn),
      this.keys.set(CONTEXT_KEYS.hasInstances, next.signedIn && next.instances.length > 0),
    ]);
    this.log.debug(
      `session: ${next.signedIn ? `signed in as profile "${next.profile?.name ?? ''}"` : 'signed out'}, ${next.instances.length} voice instance(s)`,
    );
    this.changed.fire(next);
    return next;
  }
}
