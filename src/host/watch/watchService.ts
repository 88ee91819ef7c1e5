// What commands and chat tools may do with this window's watch (the shell's WatchHandle does it): what is watched,
// for which profile, its last readings, and Start / Stop Watching.
import type { InstanceReading } from './readings.js';

export interface WatchService {
  /** The ids watched now (empty when no watch runs). */
  readonly watched: ReadonlySet<string>;
  /** The profile the watch belongs to, while one runs. */
  readonly profile: string | undefined;
  /** Each watched instance's last reading, in the watch's order (empty when no watch runs). */
  readings(): readonly InstanceReading[];
  /** Starts (or replaces) the watch of `instanceIds`; resolves with the ids watched. */
  start(profile: string, instanceIds: string[]): Promise<string[]>;
  /** Stops the watch; false when none ran. */
  stop(why?: string): Promise<boolean>;
}
