import { Trans, useLingui } from '@lingui/react/macro';
import {
  duplicateFaceNameMessage,
  estimatedSizeKb,
  faceFileName,
  faceMessages,
  faceNameField,
  faceNameKey,
  FACE_NAME_MAX,
  imageTypeOfDataUrl,
} from '@seva/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';

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
  existingNames: readonly string[];
  lookalike: string | null;
  processing: boolean;
  retakeLabel: string;
  onRetake: () => void;
  onRegister: (submission: FaceSubmission) => void;
}

const faceNameRule = faceNameField(faceMessages.nameRequired);

/** product §2 naming step: preview, name, retake, what will be sent, 'REGISTER FACE'. */
export function NamingStep({ dataUrl, faceId, email, existingNames, lookalike, processing, retakeLabel, onRetake, onRegister }: NamingStepProps) {
  const { t } = useLingui();
  const localise = useLocalise();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [unshown, setUnshown] = useState<string | null>(null); // the photo the browser could not show
  const nameInput = useRef<HTMLInputElement>(null);
  // The shared face-name rule, as the server checks it: trimmed, required, at most FACE_NAME_MAX, no hidden characters.
  const checked = faceNameRule.safeParse(name);
  const trimmed = checked.success ? checked.data : name.trim();
  const duplicate = trimmed !== '' && existingNames.some((n) => faceNameKey(n) === faceNameKey(trimmed));
  const error = duplicate ? duplicateFaceNameMessage(trimmed) : touched && !checked.success ? checked.error.issues[0]?.message : undefined;
  const fileName = faceFileName(trimmed || 'face', imageTypeOfDataUrl(dataUrl));
  const sizeKb = estimatedSizeKb(dataUrl);
  const blocked = !checked.success || duplicate;

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
        {unshown === dataUrl ? (
          // A HEIC photo, which only Safari can show; the portal reads it and stores it as a JPEG.
          <p className="face-preview face-preview-missing">
            <Trans>This browser cannot show a preview of this photo. It will be saved as a JPEG.</Trans>
          </p>
        ) : (
          <img src={dataUrl} alt={t`Preview of the face to register`} className="face-preview" width={240} onError={() => setUnshown(dataUrl)} />
        )}
        <form onSubmit={submit} noValidate className="form">
          {/* In the page from the start, so the warning is announced when the server's answer arrives. */}
          <div role="status">
            {lookalike ? (
              <p className="notice notice-info">
                <Trans>This face looks like {lookalike}, who is already in your faces.</Trans>
              </p>
            ) : null}
          </div>
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
            hint={duplicate ? faceMessages.nameExistsWarning : undefined}
          />
          {/* The name is checked as it is typed: a problem is announced when it appears, not only when the field is read. */}
          <p role="status" className="visually-hidden">
            {error && localise(error)}
          </p>
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
