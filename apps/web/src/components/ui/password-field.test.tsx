import { renderInI18n as render } from '../../testing/render.tsx';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './password-field.tsx';

describe('PasswordField', () => {
  it("shows and hides what was typed with a button beside the field, and says so", async () => {
    const events = userEvent.setup();
    render(
      <form onSubmit={(event) => event.preventDefault()}>
        <PasswordField label="Confirm password" name="confirm" />
        <button type="submit">Send</button>
      </form>,
    );
    const input = screen.getByLabelText('Confirm password');
    await events.type(input, 'Blue-Cactus9!');
    expect(input).toHaveAttribute('type', 'password');

    await events.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('Blue-Cactus9!');
    expect(screen.getByText('Password shown.')).toBeInTheDocument();
    const hide = screen.getByRole('button', { name: 'Hide confirm password' });
    expect(hide).toHaveAttribute('aria-controls', input.id);

    await events.click(hide);
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByText('Password hidden.')).toBeInTheDocument();

    // Sending the form hides it again, so the browser can offer to save the password.
    await events.click(screen.getByRole('button', { name: 'Show confirm password' }));
    await events.click(screen.getByRole('button', { name: 'Send' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});
