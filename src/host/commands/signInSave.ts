// The two halves of signing in after the input is valid: ONE real request with the new
// credentials (nothing is stored when it fails), then the secret to SecretStorage and the rest
// to the user settings, and the session re-read so views and context keys follow at once.
import * as vscode from 'vscode';
import { monthIdOf } from '../../core/model/month.js';
import { SETTINGS, SETTINGS_SECTION } from '../../shared/ids.js';
import { upsertProfile } from '../profile/profileList.js';
import type { HostServices } from '../services.js';
import { verificationCall, type SignInArgs, type VerificationCall } from './signInInput.js';

/**
 * Proves the credentials with one request; throws the core's error (its message says what failed,
 * e.g. refused credentials) or, with neither account nor instance, a message asking for one.
 */
export async function verifySignIn(services: HostServices, input: SignInArgs, signal?: AbortSignal): Promise<VerificationCall> {
  const call = verificationCall(input, monthIdOf(new Date()));
  if (!call) {
    throw new Error(
      vscode.l10n.t('Enter an account ID or a voice instance ID: signing in checks the credentials with one request for either.'),
    );
  }
  // Masked before the client could log anything about this request.
  services.log.addCredentials(input.accessKeyId, input.secretAccessKey);
  const client = services.clients.create(
    { name: input.name, baseUrl: input.baseUrl },
    { accessKeyId: input.accessKeyId, secretAccessKey: input.secretAccessKey },
  );
  try {
    if (call.operation === 'balance') await client.getBalance(call.accountId, signal);
    else await client.getMonthView(call.instanceId, call.monthId, signal);
    return call;
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Stores a verified sign-in and makes it the active profile; returns the profile name. */
export async function saveSignIn(services: HostServices, input: SignInArgs): Promise<string> {
  // The secret first: the profile only becomes active once its credentials are there, so the
  // views never flash "signed out" in between.
  await services.secrets.store(input.name, { accessKeyId: input.accessKeyId, secretAccessKey: input.secretAccessKey });
  // The user's own list (not the merged effective value), so nothing from elsewhere is copied in.
  const raw = vscode.workspace.getConfiguration(SETTINGS_SECTION).inspect<unknown>(SETTINGS.profiles)?.globalValue;
  await services.config.update(
    SETTINGS.profiles,
    upsertProfile(raw, {
      name: input.name,
      baseUrl: input.baseUrl,
      ...(input.accountId ? { accountId: input.accountId } : {}),
      ...(input.voiceInstanceId ? { voiceInstanceId: input.voiceInstanceId } : {}),
    }),
  );
  await services.config.update(SETTINGS.activeProfile, input.name);
  const snapshot = await services.session.refresh();
  if (snapshot.profile?.name !== input.name) {
    // A remote or other higher-precedence settings file names another profile.
    services.log.warn(
      `Signed in as "${input.name}", but the setting voiceSms.activeProfile still selects "${snapshot.profile?.name ?? ''}" (set in a settings file that takes precedence over the user settings).`,
    );
  }
  services.log.info(`Signed in: profile "${input.name}" at ${input.baseUrl}.`);
  return input.name;
}
