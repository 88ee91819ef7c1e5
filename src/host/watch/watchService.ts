// What commands and chat tools may do with this window's watch (the shell's WatchHandle does it): what is watched,
// for which profile, and Start / Stop Watching.
export interface WatchService {
  /** The ids watched now (empty when no watch runs). */
  readonly watched: ReadonlySet<string>;
  /** The profile the watch belongs to, while one runs. */
  readonly profile: string | undefined;
  /** Starts (or replaces) the watch of `instanceIds`; resolves with the ids watched. */
  start(profile: string, instanceIds: string[]): Promise<string[]>;
  /** Stops the watch; false when none ran. */
  stop(why?: string): Promise<boolean>;
}
