import { profileEditSchema, profileMessages, profileUpdatedMessage, profileUpdateFailedMessage, type ProfileEditInput, type ProfileField } from '@seva/shared';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useUpdateProfile } from './api/update-profile.ts';

/** Each editable field: its term and its input. */
const FIELDS: Record<ProfileField, { label: string; input: { type: string; autoComplete: string; placeholder?: string; hint: string } }> = {
  username: { label: 'Username', input: { type: 'text', autoComplete: 'username', hint: 'At least 3 characters.' } },
  phone: {
    label: 'Phone',
    input: { type: 'tel', autoComplete: 'tel', placeholder: profileMessages.phonePlaceholder, hint: 'Start with + and the country code.' },
  },
};

export interface EditableFieldProps {
  field: ProfileField;
  value: string;
  onSaved: (message: string) => void;
  /** A failure for the screen's live region, or null to clear it. */
  onFailure: (message: string | null) => void;
}

/**
 * One row of the profile: the value and an 'Edit' button, or a small form with save and cancel (SPEC §2, §4).
 * Entering edit mode focuses the input; saving or cancelling puts focus back on the row's 'Edit' button.
 */
export function EditableField({ field, value, onSaved, onFailure }: EditableFieldProps) {
  const [editing, setEditing] = useState(false);
  const view = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  const { label } = FIELDS[field];

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    view.current?.querySelector('button')?.focus();
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  return (
    <div className="profile-row">
      <dt>{label}</dt>
      <dd>
        {editing ? (
          <FieldEditor
            field={field}
            value={value}
            onFailure={onFailure}
            onCancel={close}
            onSaved={(message) => {
              onSaved(message);
              close();
            }}
          />
        ) : (
          <div ref={view} className="profile-value">
            <span className="profile-value-text">{value || 'Not set'}</span>
            <Button
              variant="secondary"
              onClick={() => {
                onFailure(null);
                setEditing(true);
              }}
            >
              Edit <span className="visually-hidden">{label.toLowerCase()}</span>
            </Button>
          </div>
        )}
      </dd>
    </div>
  );
}

type FieldEditorProps = EditableFieldProps & { onCancel: () => void };

function FieldEditor({ field, value, onSaved, onFailure, onCancel }: FieldEditorProps) {
  const update = useUpdateProfile();
  const { label, input } = FIELDS[field];
  // The PATCH body's own schema: the form holds only the field being edited, so the same rule and message apply.
  const form = useZodForm(profileEditSchema, { defaultValues: { [field]: value } });
  const { register, setError, setFocus, formState } = form;

  useEffect(() => setFocus(field), [setFocus, field]);

  const onSubmit = async (parsed: ProfileEditInput) => {
    onFailure(null);
    try {
      await update.mutateAsync(parsed);
      onSaved(profileUpdatedMessage(field));
    } catch (error) {
      // The server checks the same rule; a refusal it pins on this field is shown there, anything else up top.
      if (error instanceof ApiError && error.status < 500 && error.field === field) {
        setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        onFailure(profileUpdateFailedMessage(field));
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  const busy = formState.isSubmitting;
  const name = label.toLowerCase();
  return (
    <Form form={form} onSubmit={onSubmit} className="profile-edit">
      <TextField label={`New ${name}`} {...input} onKeyDown={onKeyDown} {...register(field)} error={formState.errors[field]?.message} />
      <div className="actions">
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : 'Save'} <span className="visually-hidden">{name}</span>
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel <span className="visually-hidden">{name} edit</span>
        </Button>
      </div>
    </Form>
  );
}
