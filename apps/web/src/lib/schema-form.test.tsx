import Button from '@mui/material/Button';
import { DISPLAY_NAME_MESSAGES } from '@sweetwish/shared/handle';
import { UpdateProfileInput } from '@sweetwish/shared/profiles';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormTextField } from '../components/form-text-field';
import { stubFetch } from '../test-support/stub-fetch';
import { api, ok } from './api-client';
import { currentNotifications, dismiss } from './notification-store';
import { submitSchemaForm, useSchemaForm } from './schema-form';

const NameFields = UpdateProfileInput.pick({ displayName: true }).required();

/** A form as the app builds them: the server's schema, one field, a submit that calls the API. */
function NameForm({ onSaved }: { onSaved: (name: string) => void }) {
  const form = useSchemaForm(NameFields, { displayName: 'Ann' });
  const save = submitSchemaForm(
    form,
    async ({ displayName }) => {
      await ok(api.PATCH('/api/profile', { body: { displayName } }));
      onSaved(displayName);
    },
    { failureMessage: 'Error updating user...' },
  );
  return (
    <form onSubmit={save} noValidate>
      <FormTextField control={form.control} name="displayName" label="Display Name" />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        Save
      </Button>
    </form>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Display Name' });
const save = () => screen.getByRole('button', { name: 'Save' });
const type = (text: string) => fireEvent.input(field(), { target: { value: text } });

describe('schema forms', () => {
  beforeEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the shared schema’s own message on the field as the user types, and sends nothing', async () => {
    const calls = stubFetch(() => new Response('{}'));
    render(<NameForm onSaved={() => undefined} />);
    type('Ann!');
    expect(await screen.findByText(DISPLAY_NAME_MESSAGES.invalid)).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(save());
    await act(async () => undefined);
    expect(calls).toHaveLength(0);
  });

  it('puts the server’s field problem on its field, not in a notification', async () => {
    stubFetch(
      () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'VALIDATION',
              message: 'Invalid input',
              fields: { displayName: 'That name is not allowed' },
            },
          }),
          { status: 400 },
        ),
    );
    render(<NameForm onSaved={() => undefined} />);
    type('Annabel');
    fireEvent.click(save());
    expect(await screen.findByText('That name is not allowed')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(currentNotifications()).toHaveLength(0);
  });

  it('tells any other failure with the form’s own message', async () => {
    stubFetch(() => new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }), { status: 500 }));
    render(<NameForm onSaved={() => undefined} />);
    type('Annabel');
    fireEvent.click(save());
    await waitFor(() => expect(currentNotifications().map((n) => n.message)).toEqual(['Error updating user...']));
  });

  it('disables the field and the button while the call runs, and sends the parsed values once', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const saved: string[] = [];
    render(<NameForm onSaved={(name) => saved.push(name)} />);
    type('Annabel');
    fireEvent.click(save());
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(true));
    expect(field().hasAttribute('disabled')).toBe(true);
    fireEvent.click(save());
    answer(new Response(JSON.stringify({}), { status: 200 }));
    await waitFor(() => expect(saved).toEqual(['Annabel']));
    expect(calls.map((call) => call.body)).toEqual([JSON.stringify({ displayName: 'Annabel' })]);
    expect(save().hasAttribute('disabled')).toBe(false);
  });
});
