import { glassesApiMessages, glassesContactSchema, type GlassesScope, type SyncAnswer } from '@seva/shared';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { DomainError } from '../../domain-errors.ts';
import { readCursor, writeCursor, type SyncPosition } from './sync-cursor.ts';
import type { DeviceKit } from './device-kit.ts';

/** What the glasses read (sync) and report (installed features). */
export function createGlassesSync({ deps }: DeviceKit) {
  async function fullSync(user: SignedInUser, since: unknown): Promise<SyncAnswer> {
    const from = typeof since === 'string' ? readCursor(since, user.uid) : undefined;
    const invalidCursor = () => new DomainError('invalid', glassesApiMessages.cursorInvalid, { field: 'since', code: 'invalid_cursor' });
    if (since !== undefined && from === undefined) throw invalidCursor();
    // The change numbers are read before what they cover: a change committing meanwhile may be sent early, and is
    // then announced again, but never left out under a cursor that claims it.
    const [linksSeq, changes] = await Promise.all([deps.features.changeSeq(), deps.faces.changesSince(user, from?.seq)]);
    const [contacts, features] = await Promise.all([deps.contacts.list(user), deps.features.forGlasses()]);
    if (from !== undefined && from.seq > changes.seq) throw invalidCursor();
    if (changes.expired) throw new DomainError('expired', glassesApiMessages.cursorExpired, { code: 'cursor_expired' });
    return {
      cursor: writeCursor(user.uid, changes.seq, linksSeq),
      email: user.email,
      model_version: changes.modelVersion,
      faces: changes.faces,
      deleted_face_ids: changes.deletedFaceIds,
      emergency_contacts: contacts.map((contact) => glassesContactSchema.parse(contact)),
      features,
    };
  }

  return {
    /** Where the account's glasses data stands now: what a cursor made by a sync at this moment would hold. */
    async position(userId: string): Promise<SyncPosition> {
      const [seq, features] = await Promise.all([deps.faces.changeSeq(userId), deps.features.changeSeq()]);
      return { seq, features };
    },

    /**
     * GET /device-api/sync: every face (without `since`) or the faces changed and deleted since the cursor, plus the
     * emergency contacts and the features, which are small and always sent whole. `since` is the query parameter as
     * it came: anything but one of this account's cursors is refused. With the token's `scopes`, only the parts they
     * cover are filled (D-033).
     */
    async sync(user: SignedInUser, since: unknown, scopes?: readonly GlassesScope[]): Promise<SyncAnswer> {
      const answer = await fullSync(user, since);
      if (scopes === undefined) return answer;
      // Each part only with its scope: glasses not allowed a part get it empty.
      return {
        ...answer,
        faces: scopes.includes('faces:read') ? answer.faces : [],
        deleted_face_ids: scopes.includes('faces:read') ? answer.deleted_face_ids : [],
        emergency_contacts: scopes.includes('contacts:read') ? answer.emergency_contacts : [],
        features: scopes.includes('features') ? answer.features : [],
      };
    },

    /** PUT /device-api/installed-features: replaces what these glasses run. */
    async reportInstalled(user: SignedInUser, device: { id: string }, features: Record<string, string>): Promise<{ features: Record<string, string> }> {
      return { features: await deps.features.setInstalled({ id: device.id, userId: user.uid }, features) };
    },
  };
}
