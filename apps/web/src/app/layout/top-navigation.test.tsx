import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { TopNavigation } from './top-navigation.tsx';

/** The navigation above a screen, and something after it to take focus. */
function renderNavigation() {
  return renderWithProviders(
    <>
      <TopNavigation />
      <main>
        <button type="button">Something on the screen</button>
      </main>
    </>,
    { route: paths.dashboard },
  );
}

const toggle = () => screen.getByRole('button', { name: /^(Menu|Close menu)$/ });

describe('the menu on a narrow screen', () => {
  it('closes on Esc, giving focus back to the toggle, and again on Esc after reopening', async () => {
    const { events } = renderNavigation();
    await events.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await events.tab();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await events.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();

    await events.keyboard('{Enter}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await events.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus leaves it, and stays open while focus moves within it', async () => {
    const { events } = renderNavigation();
    await events.click(toggle());
    await events.tab();
    await events.tab();
    expect(screen.getByRole('link', { name: 'Face Recognition' })).toHaveFocus();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await events.click(screen.getByRole('button', { name: 'Something on the screen' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });
});
