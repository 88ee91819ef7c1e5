// How the server's texts name a setting: by the VOICESMS_* variable a hand-written configuration sets, or, when the
// server runs from the MCP Bundle (.mcpb), by the title of the field the desktop app's form showed the user
// ("Account id"). The bundle's manifest passes VOICESMS_MCPB_MANIFEST, the path of that manifest: the titles are
// read from it, so they are always those of the form the user filled in (scripts/editor/mcpBundle.ts writes both).
import { readFileSync } from 'node:fs';

/** Set by the bundle's manifest to `${__dirname}/manifest.json`; nothing else sets it. */
export const BUNDLE_MANIFEST_ENV = 'VOICESMS_MCPB_MANIFEST';

export interface SettingNames {
  door: 'environment' | 'bundle';
  /** The setting that `variable` (VOICESMS_ACCOUNT_ID) holds, as the user knows it. */
  name(variable: string): string;
  /** Where the user sets it: "in the MCP server's environment" / "in the extension's settings of the desktop app". */
  where: string;
}

export const ENVIRONMENT_NAMES: SettingNames = {
  door: 'environment',
  name: (variable) => variable,
  where: "in the MCP server's environment",
};

const FIELD_REFERENCE = /^\$\{user_config\.([A-Za-z0-9_]{1,64})\}$/;

/** VOICESMS_* variable → the title of the user_config field the manifest maps to it. */
export function bundleTitles(manifest: unknown): Record<string, string> {
  const m = manifest as { server?: { mcp_config?: { env?: unknown } }; user_config?: unknown } | null;
  const env = m?.server?.mcp_config?.env;
  const fields = m?.user_config;
  const titles: Record<string, string> = {};
  if (typeof env !== 'object' || env === null || typeof fields !== 'object' || fields === null) return titles;
  for (const [variable, value] of Object.entries(env as Record<string, unknown>)) {
    const field = typeof value === 'string' ? FIELD_REFERENCE.exec(value)?.[1] : undefined;
    const title =
      field !== undefined && Object.hasOwn(fields, field) ? (fields as Record<string, { title?: unknown }>)[field]?.title : undefined;
    if (typeof title === 'string' && title.trim() !== '') titles[variable] = title.trim().slice(0, 80);
  }
  return titles;
}

/** The names for this process: the bundle's field titles when its manifest says so, else the variables. */
export function settingNames(
  env: Record<string, string | undefined>,
  read: (file: string) => string = (f) => readFileSync(f, 'utf8'),
): SettingNames {
  const file = (env[BUNDLE_MANIFEST_ENV] ?? '').trim();
  if (file === '') return ENVIRONMENT_NAMES;
  let titles: Record<string, string> = {};
  try {
    titles = bundleTitles(JSON.parse(read(file)));
  } catch {
    // Still the bundle's door: a setting without a title is named by its variable.
  }
  return {
    door: 'bundle',
    name: (variable) => (Object.hasOwn(titles, variable) ? `"${titles[variable]!}"` : variable),
    where: "in the extension's settings of the desktop app",
  };
}
