import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { aFace, SAVED_AT } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { FaceDetailsDialog } from './face-details-dialog.tsx';

describe('FaceDetailsDialog', () => {
  it('says when consent was given for the face (issue #12)', async () => {
    renderWithProviders(<FaceDetailsDialog email="robin@example.com" face={{ ...aFace(1, 'Amy'), consent_at: SAVED_AT }} onClose={() => undefined} />, { route: paths.faces });
    const dialog = await screen.findByRole('dialog', { name: 'Face details' });
    expect(dialog).toHaveTextContent(`Consent given on ${formatDate(SAVED_AT)}`);
    expect(formatDate(SAVED_AT)).toMatch(/^2[01] November 2026$/);
  });

  it('says which helper confirmed the consent, when a helper added the face (issue #18)', async () => {
    renderWithProviders(<FaceDetailsDialog email="robin@example.com" face={{ ...aFace(1, 'Amy'), consent_at: SAVED_AT, consent_by: 'Sam' }} onClose={() => undefined} />, { route: paths.faces });
    const dialog = await screen.findByRole('dialog', { name: 'Face details' });
    expect(dialog).toHaveTextContent(`Consent given on ${formatDate(SAVED_AT)} by Sam`);
  });
});
