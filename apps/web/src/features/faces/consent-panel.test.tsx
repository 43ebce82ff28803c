import { GLASSES_SCOPES } from '@seva/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { ConsentPanel } from './consent-panel.tsx';

describe('ConsentPanel', () => {
  it("says in the UK GDPR text exactly what paired glasses get: descriptions by default, photos and changes only if allowed", async () => {
    const { events } = renderWithProviders(<ConsentPanel consent={false} onChange={() => undefined} />);
    await events.click(screen.getByRole('button', { name: 'Show More' }));
    const storage = screen.getByRole('heading', { level: 4, name: 'Storage and security' }).nextElementSibling!;
    const text = storage.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain(`By default that is ${GLASSES_SCOPES['faces:read']};`);
    expect(text).toContain(`glasses get the photo only if you allow them ${GLASSES_SCOPES['faces:images']}`);
    expect(text).toContain(`can change faces only if you allow them to ${GLASSES_SCOPES['faces:write']}`);
    expect(text).toContain('with your password');
    expect(text).not.toContain('never the photo');
  });
});
