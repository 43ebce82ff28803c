import { acceptAsNewHelper, helperOf, inviteHelper, uninvitedHelper } from '../../../../test-kit/helper-flow.ts';
import { injectTransport } from '../../../../test-kit/transport.ts';
import { injectedPortal, signedInUser, type TestApp } from './test-app.ts';

/** A signed-in wearer and a helper who accepted their invitation (issue #18), both as cookies. */
export async function wearerWithHelper(t: TestApp) {
  const wearer = await signedInUser(t);
  const helped = await helperOf(injectedPortal(t), wearer.cookie);
  return { wearer, ...helped };
}

/** Invites a fresh helper address for the wearer; answers the helper and the e-mailed token. */
export async function invitedHelper(t: TestApp, wearerCookie: string, helper = uninvitedHelper()) {
  return { helper, token: await inviteHelper(injectedPortal(t), wearerCookie, helper) };
}

export { acceptAsNewHelper, injectTransport };
