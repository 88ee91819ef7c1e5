// The JSON kept in SecretStorage for one profile. Pure (no vscode) so the parsing rules are tested:
// a corrupted or hand-edited entry must read as "no credentials", never as half a credential.
// Messages go through @vscode/l10n (see pureL10n.ts).
import * as l10n from '@vscode/l10n';

export interface ProfileCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Both values end up in HTTP headers; control characters there would split or corrupt a header. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_LENGTH = 1024;

/** Why a credential value is unusable, or undefined when it is fine. Never repeats the value. */
export function credentialProblem(field: keyof ProfileCredentials, value: string): string | undefined {
  // Whole sentences per field, so each translates naturally.
  const id = field === 'accessKeyId';
  if (value.trim() === '') return id ? l10n.t('The access key id is empty.') : l10n.t('The secret access key is empty.');
  if (value !== value.trim())
    return id ? l10n.t('The access key id starts or ends with a space.') : l10n.t('The secret access key starts or ends with a space.');
  if (CONTROL.test(value))
    return id ? l10n.t('The access key id contains a control character.') : l10n.t('The secret access key contains a control character.');
  if (value.length > MAX_LENGTH) {
    return id
      ? l10n.t('The access key id is longer than {0} characters.', MAX_LENGTH)
      : l10n.t('The secret access key is longer than {0} characters.', MAX_LENGTH);
  }
  return undefined;
}

export function serializeCredentials(c: ProfileCredentials): string {
  for (const field of ['accessKeyId', 'secretAccessKey'] as const) {
    const problem = credentialProblem(field, c[field]);
    if (problem) throw new Error(problem);
  }
  // Only the two fields, whatever else the object carries.
  return JSON.stringify({ accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey });
}

export function parseStoredCredentials(raw: string | undefined): ProfileCredentials | undefined {
  if (raw === undefined || raw === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { accessKeyId, secretAccessKey } = value as Record<string, unknown>;
  if (typeof accessKeyId !== 'string' || typeof secretAccessKey !== 'string') return undefined;
  if (credentialProblem('accessKeyId', accessKeyId) || credentialProblem('secretAccessKey', secretAccessKey)) return undefined;
  return { accessKeyId, secretAccessKey };
}
