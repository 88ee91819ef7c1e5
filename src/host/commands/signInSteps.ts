// The rules of each sign-in field, shared by the interactive steps and the argument form so both
// refuse the same values with the same words. Each returns the message to show, or undefined.
import * as vscode from 'vscode';
import { validateBaseUrl, validateId } from '../../core/model/ids.js';
import { lookAlikeOf } from '../../shared/idRules.js';
import { credentialProblem } from '../profile/credentials.js';
import type { HostServices } from '../services.js';
import type { SignInArgs } from './signInInput.js';

const MAX_NAME_LENGTH = 64;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Non-empty, printable, and not the name of a profile that is already signed in. */
export async function nameProblem(services: HostServices, value: string, allowSignedIn: boolean): Promise<string | undefined> {
  const name = value.trim();
  if (name === '') return vscode.l10n.t('Enter a name for the profile, e.g. Production.');
  if (name.length > MAX_NAME_LENGTH) return vscode.l10n.t('The profile name must be at most {0} characters.', MAX_NAME_LENGTH);
  if (CONTROL.test(name)) return vscode.l10n.t('The profile name must not contain control characters.');
  if (!allowSignedIn && services.config.settings.profiles.some((p) => p.name === name) && (await services.secrets.get(name))) {
    return vscode.l10n.t('A profile named "{0}" is already signed in. Choose another name, or sign out of it first.', name);
  }
  return undefined;
}

/** https://, or http:// on this machine (the core's rule). */
export function baseUrlProblem(value: string): string | undefined {
  try {
    validateBaseUrl(value);
    return undefined;
  } catch (e) {
    return messageOf(e);
  }
}

/** The base URL as saved: the core's normal form, without the trailing slash it adds. */
export function normalBaseUrl(value: string): string {
  return validateBaseUrl(value).href.replace(/\/$/, '');
}

export function keyProblem(field: 'accessKeyId' | 'secretAccessKey', value: string): string | undefined {
  return credentialProblem(field, value);
}

function idProblem(field: 'accountId' | 'instanceId', value: string): string | undefined {
  if (value.trim() === '') return undefined;
  try {
    validateId(field, value);
    return undefined;
  } catch (e) {
    return messageOf(e);
  }
}

export function accountIdProblem(value: string): string | undefined {
  return idProblem('accountId', value);
}

/** Optional too, but the check request needs an account or an instance. */
export function instanceIdProblem(value: string, accountId: string, listed: readonly string[] = []): string | undefined {
  if (value.trim() === '' && accountId.trim() === '') {
    return vscode.l10n.t(
      'Enter a voice instance ID, or go back and enter an account ID: signing in checks the credentials with one request for either.',
    );
  }
  const problem = idProblem('instanceId', value);
  if (problem !== undefined || value.trim() === '') return problem;
  // Signing in again keeps the profile's instances: one that looks like the id typed would sit beside it.
  const like = lookAlikeOf(value, listed);
  return like === undefined ? undefined : vscode.l10n.t('{0} looks the same as {1}, which the profile already lists.', value.trim(), like);
}

/** The voice instances the profile named `name` lists now (none for a new profile). */
export function listedInstances(services: HostServices, name: string): string[] {
  return services.config.settings.profiles.find((p) => p.name === name.trim())?.voiceInstances ?? [];
}

/** The first problem of a whole argument object, in the order of the steps. */
export async function firstProblem(services: HostServices, a: SignInArgs): Promise<string | undefined> {
  return (
    (await nameProblem(services, a.name, true)) ??
    baseUrlProblem(a.baseUrl) ??
    keyProblem('accessKeyId', a.accessKeyId) ??
    keyProblem('secretAccessKey', a.secretAccessKey) ??
    accountIdProblem(a.accountId ?? '') ??
    instanceIdProblem(a.voiceInstanceId ?? '', a.accountId ?? '', listedInstances(services, a.name))
  );
}
