// voiceSms.signIn: a multi-step input (profile name, base URL, access key id, secret, then an
// account id and/or a first voice instance), one verification request, then save. Called with
// `{ name, baseUrl, accessKeyId, secretAccessKey, accountId?, voiceInstanceId? }` it runs the same
// checks without UI and returns the profile name, or throws the message the UI would show.
import * as vscode from 'vscode';
import { MIN_SUBSTRING_LENGTH } from '../../shared/redact.js';
import { errorMessage, errorText } from '../platform/errors.js';
import { runMultiStep, pickStep, type Step } from '../quickInput/multiStep.js';
import { forgetProfileData } from '../profile/profileData.js';
import type { HostServices } from '../services.js';
import type { HostCommand } from './hostCommand.js';
import { credentialsFromEnv, readSignInArgs, stepToFix, type EnvCredentials, type SignInArgs, type SignInField } from './signInInput.js';
import { saveSignIn, verifySignIn } from './signInSave.js';
import {
  accountIdProblem,
  baseUrlProblem,
  firstProblem,
  instanceIdProblem,
  listedInstances,
  keyProblem,
  nameProblem,
  normalBaseUrl,
} from './signInSteps.js';

// No `failure`: with arguments a failure is thrown back; the interactive flow shows its own at the step to fix.
export const command: HostCommand<SignInArgs | undefined> = {
  manifest: {
    title: 'Sign In…',
  },
  parseArg: readSignInArgs,
  run: (services, args) => (args ? signInWithArgs(services, args) : signInInteractively(services, credentialsFromEnv(process.env))),
};

/** Trims ids and normalises the base URL; the secret and key id are kept exactly as typed. */
function normalise(a: SignInArgs): SignInArgs {
  const accountId = a.accountId?.trim();
  const voiceInstanceId = a.voiceInstanceId?.trim();
  return {
    name: a.name.trim(),
    baseUrl: normalBaseUrl(a.baseUrl),
    accessKeyId: a.accessKeyId,
    secretAccessKey: a.secretAccessKey,
    ...(accountId ? { accountId } : {}),
    ...(voiceInstanceId ? { voiceInstanceId } : {}),
  };
}

async function signInWithArgs(services: HostServices, args: SignInArgs): Promise<string> {
  const problem = await firstProblem(services, args);
  if (problem) throw new Error(problem);
  const input = normalise(args);
  // Arguments may come from a command link: replacing an existing profile is the user's decision.
  const replacing = services.config.settings.profiles.some((p) => p.name === input.name);
  if (replacing) {
    const replace = vscode.l10n.t('Replace Profile');
    const choice = await services.confirmations.ask(
      vscode.l10n.t('Replace profile "{0}"?', input.name),
      vscode.l10n.t(
        'Its base URL and credentials are replaced with {0} and a new access key; its Sent SMS history, SMS draft and balance readings are deleted.',
        input.baseUrl,
      ),
      replace,
    );
    if (choice !== replace) throw new Error(vscode.l10n.t('Sign-in cancelled: profile "{0}" was kept as it was.', input.name));
  }
  try {
    await verifySignIn(services, input);
  } catch (e) {
    services.log.warn(`Sign-in check for profile "${input.name}" failed: ${errorMessage(e)}`);
    throw e;
  }
  // A replaced profile may now be another account: it must not inherit the old one's messages or
  // spending (as after Sign Out and Remove). Only once the new credentials proved themselves.
  if (replacing) await forgetProfileData(services, input.name);
  const name = await saveSignIn(services, input);
  if (isShortSecret(input.secretAccessKey)) void vscode.window.showWarningMessage(shortSecretWarning());
  return name;
}

interface FlowState {
  fromEnv: boolean;
  name: string;
  baseUrl: string;
  accessKeyId: string;
  secretAccessKey: string;
  accountId: string;
  voiceInstanceId: string;
}

async function signInInteractively(services: HostServices, env: EnvCredentials | undefined): Promise<string | undefined> {
  const state: FlowState = {
    fromEnv: false,
    name: '',
    baseUrl: '',
    accessKeyId: '',
    secretAccessKey: '',
    accountId: '',
    voiceInstanceId: '',
  };
  const field = (id: SignInField, s: Omit<Step<FlowState> & { kind: 'input' }, 'kind' | 'id'>): Step<FlowState> => ({
    kind: 'input',
    id,
    ...s,
  });
  const steps: Step<FlowState>[] = [
    pickStep<FlowState, boolean>({
      id: 'source',
      skip: () => env === undefined,
      placeholder: () => vscode.l10n.t("VOICESMS_* variables are set in the editor's environment"),
      items: () => [
        {
          label: vscode.l10n.t('$(key) Use the credentials from the environment (VOICESMS_*)'),
          // Only the address and a hint of the key id: never the secret, not even masked.
          detail: env ? `${env.baseUrl} · ${env.accessKeyId.slice(0, 4)}…` : '',
          value: true,
        },
        { label: vscode.l10n.t('$(edit) Enter the credentials by hand'), value: false },
      ],
      apply: (useEnv, s) => {
        if (!env) return;
        if (useEnv)
          Object.assign(s, { fromEnv: true, baseUrl: env.baseUrl, accessKeyId: env.accessKeyId, secretAccessKey: env.secretAccessKey });
        else if (s.fromEnv) Object.assign(s, { fromEnv: false, baseUrl: '', accessKeyId: '', secretAccessKey: '' });
      },
    }),
    field('name', {
      prompt: () => vscode.l10n.t('A name for this profile; its credentials are stored under it.'),
      placeholder: () => vscode.l10n.t('e.g. Production'),
      value: (s) => s.name,
      validate: (v) => nameProblem(services, v, false),
      apply: (v, s) => {
        s.name = v.trim();
        // Signing in again to a signed-out profile: start from its saved settings.
        const old = services.config.settings.profiles.find((p) => p.name === s.name);
        if (old && s.baseUrl === '') s.baseUrl = old.baseUrl;
        if (old?.accountId && s.accountId === '') s.accountId = old.accountId;
      },
    }),
    field('baseUrl', {
      prompt: () => vscode.l10n.t('The regional base URL of the service (https://; http:// only for this machine).'),
      placeholder: () => 'https://api.example.com',
      value: (s) => s.baseUrl,
      validate: (v) => baseUrlProblem(v),
      apply: (v, s) => (s.baseUrl = normalBaseUrl(v)),
    }),
    field('accessKeyId', {
      prompt: () => vscode.l10n.t('Access key id.'),
      value: (s) => s.accessKeyId,
      validate: (v) => keyProblem('accessKeyId', v),
      apply: (v, s) => (s.accessKeyId = v),
    }),
    field('secretAccessKey', {
      prompt: () => secretPrompt(),
      password: true,
      value: (s) => s.secretAccessKey,
      validate: (v) => keyProblem('secretAccessKey', v),
      live: (v) => ({ prompt: isShortSecret(v) ? shortSecretWarning() : secretPrompt() }),
      apply: (v, s) => (s.secretAccessKey = v),
    }),
    field('accountId', {
      prompt: () => vscode.l10n.t('Account ID (optional): shows the balance. Leave empty to skip.'),
      value: (s) => s.accountId,
      validate: (v) => accountIdProblem(v),
      apply: (v, s) => (s.accountId = v.trim()),
    }),
    field('voiceInstanceId', {
      prompt: (s) =>
        s.accountId
          ? vscode.l10n.t('First voice instance ID (optional): its calls are browsed month by month. Leave empty to skip.')
          : vscode.l10n.t('First voice instance ID: its calls are browsed month by month.'),
      value: (s) => s.voiceInstanceId,
      validate: (v, s) => instanceIdProblem(v, s.accountId, listedInstances(services, s.name)),
      apply: (v, s) => (s.voiceInstanceId = v.trim()),
    }),
  ];

  const name = await runMultiStep<FlowState, string>({
    title: vscode.l10n.t('Sign In to Voice & SMS'),
    steps,
    state,
    busyMessage: vscode.l10n.t('Checking the credentials with one request to the service…'),
    finish: async (s, signal) => {
      const input: SignInArgs = {
        name: s.name,
        baseUrl: s.baseUrl,
        accessKeyId: s.accessKeyId,
        secretAccessKey: s.secretAccessKey,
        ...(s.accountId ? { accountId: s.accountId } : {}),
        ...(s.voiceInstanceId ? { voiceInstanceId: s.voiceInstanceId } : {}),
      };
      try {
        await verifySignIn(services, input, signal);
      } catch (e) {
        services.log.warn(`Sign-in check for profile "${input.name}" failed: ${errorMessage(e)}`);
        // The steps ensure an account or an instance, so one of the two requests was made.
        return { ok: false, message: errorText(services.log, e), stepId: stepToFix(e, input.accountId ? 'balance' : 'monthView') };
      }
      return { ok: true, value: await saveSignIn(services, input) };
    },
  });
  if (name !== undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Signed in with profile "{0}".', name));
    if (isShortSecret(state.secretAccessKey)) void vscode.window.showWarningMessage(shortSecretWarning());
  }
  return name;
}

/** Below this length a secret is masked only where it stands alone (shared/redact.ts): masking it inside words would mask half the text. */
function isShortSecret(secret: string): boolean {
  const length = [...secret].length;
  return length > 0 && length < MIN_SUBSTRING_LENGTH;
}

function secretPrompt(): string {
  return vscode.l10n.t("Secret access key. It is kept in the editor's secret storage, never in settings.");
}

function shortSecretWarning(): string {
  return vscode.l10n.t(
    'This secret is shorter than {0} characters: it is masked only where it stands alone, not inside other words, in logs, answers and views. Ask the service for a longer one.',
    MIN_SUBSTRING_LENGTH,
  );
}
