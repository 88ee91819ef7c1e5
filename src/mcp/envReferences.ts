// A credential given as a reference to another variable, `${NAME}` (or `${env:NAME}`), is read from that variable
// of this process's environment. The setup command's configurations name each profile's own variables that way;
// agents that expand such references themselves (Cursor, Windsurf, Gemini CLI, VS Code's inputs) hand over the
// value, and those that do not (Codex CLI, which forwards the named variables with env_vars; Claude Code at user
// scope) hand over the reference, which the server then resolves the same way. Only the two credentials are read
// so: nothing else in the environment is reached through a configured value.
import { ENV } from './config.js';

const REFERENCE = /^\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]{0,127})\}$/;

export type Resolved = { env: Record<string, string | undefined>; unresolved: string[] };

/** The environment with each credential reference replaced by its variable's value; `unresolved`: the sentences for references to unset variables. */
export function resolveCredentialReferences(env: Record<string, string | undefined>): Resolved {
  const out = { ...env };
  const unresolved: string[] = [];
  for (const name of [ENV.accessKeyId, ENV.secretAccessKey]) {
    const m = REFERENCE.exec((env[name] ?? '').trim());
    if (!m) continue;
    const target = m[1]!;
    const value = target === name ? undefined : env[target];
    if (value !== undefined && value.trim() !== '') out[name] = value;
    else {
      out[name] = '';
      unresolved.push(
        `${name} names \${${target}}, which is not set in the environment the agent started the server with: set ${target} where the agent is started (your shell profile or the OS's user environment).`,
      );
    }
  }
  return { env: out, unresolved };
}
