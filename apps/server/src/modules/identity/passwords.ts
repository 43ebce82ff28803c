import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/** argon2id at OWASP's minimum: 19 MiB, 2 iterations, parallelism 1. */
export const ARGON2_PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

const strength = new ZxcvbnFactory({
  dictionary: { ...common.dictionary },
  graphs: common.adjacencyGraphs,
});

/** Weak: passes the composition rule but zxcvbn guesses it quickly (score below 3), e.g. 'Password1!'. */
export function isWeakPassword(password: string, userInputs: string[]): boolean {
  return strength.check(password.slice(0, 100), userInputs).score < 3;
}

let decoyHash: Promise<string> | undefined;

/**
 * A verification that always fails and takes as long as a real one: an unknown license ID is refused as slowly as
 * a wrong password, so the time of the answer does not tell which license IDs exist.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(randomBytes(18).toString('base64'));
  await verifyPassword(await decoyHash, password);
  return false;
}
