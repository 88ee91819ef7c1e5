// Command titles as the manifest declares them, so messages never spell a title a second time.
// Pure (no vscode): it reads the manifest object the editor hands over (`extension.packageJSON`).
import { PRODUCT_NAME, type CommandId } from '../../shared/ids.js';

interface ManifestCommand {
  command?: unknown;
  title?: unknown;
}

/** The contributed title of `id`; the id itself if the manifest has none or it is an unresolved `%key%`. */
export function commandTitle(packageJSON: unknown, id: CommandId): string {
  const commands = (packageJSON as { contributes?: { commands?: ManifestCommand[] } } | undefined)?.contributes?.commands;
  const title = Array.isArray(commands) ? commands.find((c) => c.command === id)?.title : undefined;
  return typeof title === 'string' && title !== '' && !/^%.*%$/.test(title) ? title : id;
}

/** "Sign In… is coming" reads badly: the ellipsis promises a prompt the message does not open. */
export function comingLaterMessage(title: string): string {
  return `${title.replace(/(?:…|\.\.\.)$/, '')} is coming in a later version of ${PRODUCT_NAME}.`;
}
