// Answering the extension's modal questions in the integration host. Commands ask before signing out,
// replacing a profile, clearing the SMS history or writing an export to a given path — whatever their
// arguments say — and a dialog cannot be clicked here (dialogs are skipped in extension tests). The
// test API, returned only in test and development mode, answers the next question instead.
import * as vscode from 'vscode';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { EXTENSION_ID } from './contract.js';

export async function confirmations(): Promise<VoiceSmsTestApi['confirmations']> {
  const ext = vscode.extensions.getExtension<VoiceSmsTestApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
  return (await ext.activate()).confirmations;
}

/**
 * Runs `run` with its modal question answered by `button`, as if the user clicked it; an answer the
 * command did not use (it failed before asking) is dropped, so it cannot answer a later question.
 */
export async function answering<T>(button: string, run: () => Thenable<T>): Promise<T> {
  const c = await confirmations();
  c.answerNext(button);
  try {
    return await run();
  } finally {
    c.clearAnswers();
  }
}

export const SIGN_OUT_AND_REMOVE = 'Sign Out and Remove Profile';
export const SIGN_OUT = 'Sign Out';
export const REPLACE_PROFILE = 'Replace Profile';
export const CLEAR = 'Clear';
export const SAVE = 'Save';
