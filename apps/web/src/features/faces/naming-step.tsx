import { Trans, useLingui } from '@lingui/react/macro';
import {
  estimatedSizeKb,
  faceFileName,
  faceMessages,
  faceNameField,
  faceNameKey,
  FACE_NAME_MAX,
  imageTypeOfDataUrl,
  type FaceSummary,
} from '@seva/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { PhotoPreview } from './photo-preview.tsx';

export interface FaceSubmission {
  name: string;
  email: string;
  face_id: string;
  fileName: string;
  sizeKb: number;
}

interface NamingStepProps {
  dataUrl: string;
  faceId: string;
  email: string;
  /** The faces kept already: a name one of them has is not a new face (issue #32). */
  existing: readonly FaceSummary[];
  processing: boolean;
  /** This photo is being added to a face kept already. */
  adding: boolean;
  retakeLabel: string;
  onRetake: () => void;
  onRegister: (submission: FaceSubmission) => void;
  onAddToExisting: (face: FaceSummary) => void;
}

const faceNameRule = faceNameField(faceMessages.nameRequired);

/**
 * product §2 naming step: preview, name, retake, what will be sent, 'REGISTER FACE'. A name the user already has is
 * not a dead end (issue #32): this photo can go to that person instead.
 */
export function NamingStep({ dataUrl, faceId, email, existing, processing, adding, retakeLabel, onRetake, onRegister, onAddToExisting }: NamingStepProps) {
  const { t } = useLingui();
  const localise = useLocalise();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  // The shared face-name rule, as the server checks it: trimmed, required, at most FACE_NAME_MAX, no hidden characters.
  const checked = faceNameRule.safeParse(name);
  const trimmed = checked.success ? checked.data : name.trim();
  const namesake = trimmed === '' ? undefined : existing.find((face) => faceNameKey(face.name) === faceNameKey(trimmed));
  const kept = namesake?.name ?? '';
  const error = touched && !checked.success ? checked.error.issues[0]?.message : undefined;
  const said = namesake ? t`You already have ${{ name: kept }}.` : error && localise(error);
  const fileName = faceFileName(trimmed || 'face', imageTypeOfDataUrl(dataUrl));
  const sizeKb = estimatedSizeKb(dataUrl);
  const blocked = !checked.success || namesake !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (processing) return;
    if (blocked) return nameInput.current?.focus();
    onRegister({ name: trimmed, email, face_id: faceId, fileName, sizeKb });
  };

  return (
    <section aria-labelledby="naming-heading" className="card">
      <h2 id="naming-heading" tabIndex={-1} data-step-heading>
        <Trans>Name this face</Trans>
      </h2>
      <div className="naming-grid">
        <PhotoPreview dataUrl={dataUrl} alt={t`Preview of the face to register`} />
        <form onSubmit={submit} noValidate className="form">
          <TextField
            ref={nameInput}
            label={t`Name`}
            autoComplete="off"
            maxLength={FACE_NAME_MAX}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setTouched(true);
            }}
            error={error}
            hint={namesake ? faceMessages.nameExistsWarning : undefined}
          />
          {/* The name is checked as it is typed: a problem is announced when it appears, not only when the field is read. */}
          <p role="status" className="visually-hidden">
            {said}
          </p>
          {namesake ? (
            <div role="group" aria-labelledby="namesake-question" className="notice notice-info">
              <p id="namesake-question" className="choice-question">
                {t`You already have ${{ name: kept }}.`}
              </p>
              <div className="actions">
                <Button busy={adding} onClick={() => onAddToExisting(namesake)}>
                  {t`Add this photo to ${{ name: kept }}`}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setName('');
                    setTouched(false);
                    nameInput.current?.focus();
                  }}
                >
                  {t`Use a different name`}
                </Button>
              </div>
            </div>
          ) : null}
          <section aria-labelledby="to-send-heading">
            <h3 id="to-send-heading">
              <Trans>What will be sent</Trans>
            </h3>
            <dl className="data-list">
              <dt>name</dt>
              <dd>{trimmed || t`(not entered yet)`}</dd>
              <dt>email</dt>
              <dd>{email}</dd>
              <dt>face_id</dt>
              <dd>{faceId}</dd>
              <dt>file</dt>
              <dd>
                <Trans comment="{fileName} is the photo's file name; {sizeKb} its size in kilobytes.">
                  {fileName} (about {sizeKb} KB)
                </Trans>
              </dd>
            </dl>
          </section>
          <div className="actions">
            <Button variant="secondary" onClick={onRetake}>
              {retakeLabel}
            </Button>
            {/*
              Disabled (product §2) with aria-disabled, not the disabled attribute: it stays in the tab order, and pressing it
              (or Enter in the name field) says what is missing and puts focus on the name.
            */}
            <Button type="submit" busy={processing} aria-disabled={processing || blocked || undefined}>
              {processing ? t`PROCESSING...` : t`REGISTER FACE`}
            </Button>
          </div>
        </form>
      </div>
    </section>
  );
}
