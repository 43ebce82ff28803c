import type { FaceSummary, SessionUser } from '@seva/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { sessionQueryKey } from '../../lib/session.ts';
import { FacesPage } from './faces-page.tsx';

const user = { email: 'robin@example.com', username: 'Robin' } as SessionUser;

const face = (n: number, name: string): FaceSummary => ({
  face_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
  face_url: `/face-api/image/${n}`,
  timestamp: '2026-11-21T10:00:00.000Z',
});

let stored: FaceSummary[] = [];
const server = setupServer(
  http.post('*/face-api/get_all_faces', () => HttpResponse.json(stored)),
  http.put('*/face-api/update_face_name', async ({ request }) => {
    const form = await request.formData();
    const id = form.get('face_id');
    const updated = String(form.get('updated_name')).trim();
    if (stored.some((f) => f.face_id !== id && f.name.toLowerCase() === updated.toLowerCase())) {
      return HttpResponse.json({ message: `A face with the name "${updated}" already exists. Please use a different name.`, field: 'name' }, { status: 409 });
    }
    stored = stored.map((f) => (f.face_id === id ? { ...f, name: updated } : f));
    return HttpResponse.json(stored.find((f) => f.face_id === id));
  }),
  http.delete('*/face-api/delete_face', async ({ request }) => {
    const id = (await request.formData()).get('face_id');
    stored = stored.filter((f) => f.face_id !== id);
    return HttpResponse.json({ message: 'Face deleted successfully' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(sessionQueryKey, user);
  const router = createMemoryRouter(
    [
      { path: '/faces', element: <FacesPage /> },
      { path: '/faces/add', element: <p>Add face screen</p> },
    ],
    { initialEntries: ['/faces'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, events: userEvent.setup() };
}

const footer = () => screen.getByText(/^Showing \d+ to \d+ of \d+ faces$|^No faces match/);

describe('FacesPage', () => {
  it('lists the faces A to Z with their photos, and searches by name', async () => {
    stored = [face(1, 'Penny'), face(2, 'amy'), face(3, 'Howard'), face(4, 'Amelia')];
    const { events } = renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your faces' })).toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Amelia', 'amy', 'Howard', 'Penny']);
    expect(within(list).getByRole('img', { name: 'Penny' })).toHaveAttribute('src', '/face-api/image/1');
    expect(screen.getByRole('button', { name: 'Edit Penny' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Penny' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View details for Penny' })).toBeInTheDocument();
    expect(footer()).toHaveTextContent('Showing 1 to 4 of 4 faces');

    await events.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'AM');
    expect(within(screen.getByRole('list')).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Amelia', 'amy']);
    expect(footer()).toHaveTextContent('Showing 1 to 2 of 2 faces');

    await events.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'x');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(footer()).toHaveTextContent('No faces match "AMx".');
  });

  it('shows the placeholder when a photo cannot be loaded', async () => {
    stored = [face(1, 'Penny')];
    renderPage();
    const image = await screen.findByRole('img', { name: 'Penny' });
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Penny (photo not available)' })).toHaveAttribute('src', '/face-placeholder.svg');
  });

  it('renames a face, refusing an empty or taken name', async () => {
    stored = [face(1, 'Penny'), face(2, 'Amy')];
    const { events } = renderPage();
    const editButton = await screen.findByRole('button', { name: 'Edit Penny' });
    await events.click(editButton);
    const dialog = screen.getByRole('dialog', { name: 'Edit Penny' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Penny');
    expect(name).toHaveFocus();

    await events.clear(name);
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('Name cannot be empty');
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await events.type(name, ' amy ');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('A face with the name "amy" already exists. Please use a different name.'));
    expect(name).toHaveFocus();

    await events.clear(name);
    await events.type(name, 'Penny Hofstadter{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Face updated successfully');
    expect(screen.getByRole('heading', { level: 3, name: 'Penny Hofstadter' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Penny Hofstadter' })).toHaveFocus());
  });

  it('deletes a face only after confirmation, then puts focus on the list heading', async () => {
    stored = [face(1, 'Penny'), face(2, 'Amy')];
    const { events } = renderPage();
    const deleteButton = await screen.findByRole('button', { name: 'Delete Penny' });
    await events.click(deleteButton);
    let confirm = screen.getByRole('alertdialog', { name: 'Delete Penny?' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this face?');
    await events.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(deleteButton).toHaveFocus());
    expect(stored).toHaveLength(2);

    await events.click(deleteButton);
    confirm = screen.getByRole('alertdialog', { name: 'Delete Penny?' });
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Face deleted successfully');
    expect(screen.queryByRole('heading', { name: 'Penny' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Your faces' })).toHaveFocus());
    expect(footer()).toHaveTextContent('Showing 1 to 1 of 1 faces');
  });

  it('keeps the confirmation open with the reason when a delete fails', async () => {
    stored = [face(1, 'Penny')];
    server.use(http.delete('*/face-api/delete_face', () => HttpResponse.json({ message: 'This face was not found. It may have been deleted.' }, { status: 404 })));
    const { events } = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Delete Penny' }));
    const confirm = screen.getByRole('alertdialog');
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Failed to delete face: This face was not found. It may have been deleted.');
  });

  it('welcomes a user without faces, also when the server answers 404', async () => {
    server.use(http.post('*/face-api/get_all_faces', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })));
    const { events, router } = renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome to your Face Management Console' })).toBeInTheDocument();
    await events.click(screen.getByRole('link', { name: 'Add Your First Face' }));
    expect(router.state.location.pathname).toBe('/faces/add');
  });

  it('says what went wrong when the list cannot load, and tries again on request', async () => {
    stored = [face(1, 'Penny')];
    server.use(http.post('*/face-api/get_all_faces', () => HttpResponse.json({ message: 'boom' }, { status: 500 }), { once: true }));
    const { events } = renderPage();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Server error. Please try again later.'));
    await events.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Penny' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Your faces' })).toHaveFocus());
  });
});
