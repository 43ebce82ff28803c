import { renderInI18n as render } from '../../testing/render.tsx';
import { messages } from '@seva/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { Form, useZodForm } from './form.tsx';
import { TextField } from './text-field.tsx';

const schema = z.object({ name: z.string().min(1, 'Enter a name.') });

function NameForm({ refusal }: { refusal: ApiError }) {
  const form = useZodForm(schema, { defaultValues: { name: '' } });
  return (
    <Form form={form} onSubmit={() => Promise.reject(refusal)} aria-label="Your name">
      <TextField label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
      <button type="submit">Save</button>
    </Form>
  );
}

async function submitRefused(refusal: ApiError) {
  const events = userEvent.setup();
  render(<NameForm refusal={refusal} />);
  await events.type(screen.getByLabelText('Name'), 'Asha');
  await events.click(screen.getByRole('button', { name: 'Save' }));
}

describe('a form refused by the server', () => {
  it("says the catch-all with the request's reference when the server failed, so support can find it", async () => {
    await submitRefused(new ApiError(500, 'Internal error Reference: 1a2b3c4d', undefined, undefined, '1a2b3c4d'));
    expect(await screen.findByText(`${messages.serverError} Reference: 1a2b3c4d`)).toBeInTheDocument();
  });

  it('puts a refusal that names a field on that field', async () => {
    await submitRefused(new ApiError(409, 'This name is taken.', 'name'));
    expect(await screen.findAllByText('This name is taken.')).not.toHaveLength(0);
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });
});
