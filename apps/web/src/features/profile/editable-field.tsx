import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans } from '@lingui/react/macro';
import {
  countryOfInternationalNumber,
  formatPhoneNumber,
  nationalPhoneText,
  phoneHref,
  profileMessages,
  profilePhoneFormSchema,
  profileUpdatedMessage,
  profileUpdateFailedMessage,
  profileUsernameSchema,
  SIGNUP_DEFAULT_COUNTRY_CODE,
  type ProfileEditInput,
  type ProfileField,
} from '@seva/shared';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm, type ZodForm } from '../../components/ui/form.tsx';
import { PhoneField } from '../../components/ui/phone-field.tsx';
import { ResultBanner } from '../../components/ui/result-banner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { discardDraft, keepDraft } from '../../lib/drafts.ts';
import { paths } from '../../lib/paths.ts';
import { isUnauthenticated, useSession } from '../../lib/session.ts';
import type { ResultPlace } from '../../lib/use-action-result.ts';
import { useUpdateProfile } from './api/update-profile.ts';

/** The editors' own labels and hint (English, said by the fields in the page's language). */
const NEW_USERNAME = /*i18n*/ 'New username';
const AT_LEAST_3 = /*i18n*/ 'At least 3 characters.';
const NEW_PHONE = /*i18n*/ 'New phone number';

const LABEL: Record<ProfileField, string> = { username: /*i18n*/ 'Username', phone: /*i18n*/ 'Phone' };

/** What was typed in a profile edit whose save found the session ended: kept, and put back after signing in. */
export type ProfileDraft = { field: 'username'; values: { username: string } } | { field: 'phone'; values: { countryCode: string; phoneNumber: string } };

interface EditableFieldProps {
  field: ProfileField;
  value: string;
  /** An edit of this field kept from before the session ended: the field opens with it. */
  draft?: ProfileDraft['values'] | undefined;
  /** Where the row says it was saved: below the value, in place of the closed editor. */
  result: ResultPlace;
  /** The field was saved (the screen forgets a kept draft). */
  onSaved: () => void;
  /** A failure for the screen's live region, or null to clear it. */
  onFailure: (message: string | null) => void;
}

/**
 * One row of the profile: the value and an 'Edit' button, or a small form with save and cancel (product §2, §4).
 * Entering edit mode focuses the input; cancelling puts focus back on the row's 'Edit' button, and saving on what the
 * row then says ('Username updated successfully.'), which stays until the user's next action (D-077). The phone reads
 * back grouped the way its country writes it, as a link that calls it (issue #9).
 */
export function EditableField({ field, value, draft, result, onSaved, onFailure }: EditableFieldProps) {
  const [editing, setEditing] = useState(draft !== undefined);
  const view = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  const localise = useLocalise();
  const label = localise(LABEL[field]);

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    view.current?.querySelector('button')?.focus();
  }, [editing]);

  const editorProps: EditorProps = {
    value,
    onFailure,
    onCancel: () => {
      discardDraft(paths.profile);
      returnFocus.current = true;
      setEditing(false);
    },
    onSaved: (message) => {
      onSaved();
      result.show(message);
      setEditing(false);
    },
  };

  return (
    <div className="profile-row">
      <dt>{label}</dt>
      <dd>
        {editing ? (
          field === 'phone' ? (
            <PhoneEditor {...editorProps} draft={draft as PhoneValues | undefined} />
          ) : (
            <UsernameEditor {...editorProps} draft={draft as { username: string } | undefined} />
          )
        ) : (
          <div ref={view} className="profile-value">
            <span className="profile-value-text">
              {!value ? <Trans>Not set</Trans> : field === 'phone' ? <a href={phoneHref(value)}>{formatPhoneNumber(value)}</a> : value}
            </span>
            <Button
              variant="secondary"
              onClick={() => {
                onFailure(null);
                setEditing(true);
              }}
            >
              <Trans>
                Edit <span className="visually-hidden">{label.toLowerCase()}</span>
              </Trans>
            </Button>
          </div>
        )}
        <ResultBanner result={result.shown} />
      </dd>
    </div>
  );
}

interface EditorProps {
  value: string;
  onSaved: (message: string) => void;
  onFailure: (message: string | null) => void;
  onCancel: () => void;
}

type PhoneValues = { countryCode: string; phoneNumber: string };

/**
 * Saves one field. The server checks the same rule: a refusal it pins on the field is shown there, anything else
 * up top. When the session has ended the edit stays open and what was typed is kept for after signing in again
 * (the layout says why).
 */
function useSaveField(field: ProfileField, { onSaved, onFailure }: Pick<EditorProps, 'onSaved' | 'onFailure'>) {
  const update = useUpdateProfile();
  const uid = useSession().data?.uid;
  return async (body: ProfileEditInput, typed: ProfileDraft, showOnField: (message: string) => void) => {
    onFailure(null);
    try {
      await update.mutateAsync(body);
      discardDraft(paths.profile);
      onSaved(profileUpdatedMessage(field));
    } catch (error) {
      if (isUnauthenticated(error)) {
        if (uid) keepDraft(paths.profile, uid, typed);
      } else if (error instanceof ApiError && error.status < 500 && error.field === field) {
        showOnField(error.message);
      } else {
        onFailure(profileUpdateFailedMessage(field));
      }
    }
  };
}

function UsernameEditor({ value, draft, onCancel, ...props }: EditorProps & { draft: { username: string } | undefined }) {
  const form = useZodForm(profileUsernameSchema, { defaultValues: draft ?? { username: value } });
  const save = useSaveField('username', props);
  const { register, setError, setFocus, getValues, formState } = form;
  useEffect(() => setFocus('username'), [setFocus]);
  return (
    <EditorForm
      form={form}
      name="username"
      onCancel={onCancel}
      onSubmit={(body) =>
        save(body, { field: 'username', values: { username: getValues('username') } }, (message) =>
          setError('username', { type: 'server', message }),
        )
      }
    >
      <TextField label={NEW_USERNAME} type="text" autoComplete="username" hint={AT_LEAST_3} {...register('username')} error={formState.errors.username?.message} />
    </EditorForm>
  );
}

/** The phone: the same country list and number field as sign-up and /sos, opened on the saved number as written at home. */
function PhoneEditor({ value, draft, onCancel, ...props }: EditorProps & { draft: PhoneValues | undefined }) {
  const saved = { countryCode: countryOfInternationalNumber(value)?.code ?? SIGNUP_DEFAULT_COUNTRY_CODE, phoneNumber: value ? nationalPhoneText(value) : '' };
  const form = useZodForm(profilePhoneFormSchema, { defaultValues: draft ?? saved });
  const save = useSaveField('phone', props);
  const { register, setError, setFocus, getValues, watch, formState } = form;
  const localise = useLocalise();
  useEffect(() => setFocus('phoneNumber'), [setFocus]);
  return (
    <EditorForm
      form={form}
      name="phone"
      onCancel={onCancel}
      onSubmit={(body) =>
        save(body, { field: 'phone', values: getValues() }, (message) => setError('phoneNumber', { type: 'server', message }))
      }
    >
      <PhoneField
        country={register('countryCode', { deps: ['phoneNumber'] })}
        number={register('phoneNumber')}
        countryCode={watch('countryCode')}
        phoneText={watch('phoneNumber')}
        numberLabel={NEW_PHONE}
        placeholder={localise(profileMessages.phonePlaceholder)}
        numberError={formState.errors.phoneNumber?.message}
        countryError={formState.errors.countryCode?.message}
        autoComplete="tel"
        required
      />
    </EditorForm>
  );
}

/** The small form around one field: Save and Cancel, Escape cancels. */
function EditorForm<T extends FieldValues, V extends FieldValues>({
  form,
  name,
  onSubmit,
  onCancel,
  children,
}: {
  form: ZodForm<T, V>;
  name: ProfileField;
  onSubmit: (values: V) => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  const busy = form.sending;
  // The field's name, said after 'Save' and 'Cancel' to screen readers: 'username', 'phone' in English.
  const localise = useLocalise();
  const what = localise(LABEL[name]).toLowerCase();
  return (
    <Form form={form} onSubmit={onSubmit} className="profile-edit" onKeyDown={onKeyDown}>
      {children}
      <div className="actions">
        <Button type="submit" busy={busy}>
          {busy ? <Trans>Saving... <span className="visually-hidden">{what}</span></Trans> : <Trans>Save <span className="visually-hidden">{what}</span></Trans>}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>
            Cancel <span className="visually-hidden">{what} edit</span>
          </Trans>
        </Button>
      </div>
    </Form>
  );
}
