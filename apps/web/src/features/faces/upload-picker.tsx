import { Trans, useLingui } from '@lingui/react/macro';
import { faceMessages, MAX_IMAGE_BYTES } from '@seva/shared';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { readFileAsDataUrl } from './data-url.ts';

// Browsers other than Safari often give an iPhone's HEIC photo no type at all.
const HEIF_NAME = /\.(heic|heif)$/i;

/**
 * product §5 upload rules, in the order a user meets them. Any picture is sent (WebP, HEIC and others too): the portal
 * reads it by its content, whatever its name says, stores it as JPEG (or PNG), and refuses what is not an image.
 */
export async function checkUpload(file: File): Promise<{ dataUrl: string } | { error: string }> {
  const heif = file.type === '' && HEIF_NAME.test(file.name);
  if (!file.type.startsWith('image/') && !heif) return { error: faceMessages.notAnImage };
  if (file.size > MAX_IMAGE_BYTES) return { error: faceMessages.imageTooLarge };
  const dataUrl = await readFileAsDataUrl(heif ? new Blob([file], { type: 'image/heic' }) : file);
  if (!/^data:image\/[\w.+-]+;base64,/.test(dataUrl)) return { error: faceMessages.invalidImageFormat };
  return { dataUrl };
}

interface UploadPickerProps {
  /** The image chosen is being checked for one face. Another can still be chosen; the latest one counts. */
  checking: boolean;
  /** Why the image chosen last cannot be used (no face, several): shown on the file field, which chooses another. */
  refusal: string | null;
  /** The field's label, when the photo is not one to keep (testing recognition). */
  label?: string | undefined;
  onPicked: (dataUrl: string) => void;
  onChangeMethod: () => void;
}

export function UploadPicker({ checking, refusal, label, onPicked, onChangeMethod }: UploadPickerProps) {
  const { t } = useLingui();
  const localise = useLocalise();
  const inputId = useId();
  const [invalidFile, setInvalidFile] = useState<string | null>(null);
  const error = invalidFile ?? (checking ? null : refusal);
  return (
    <section aria-labelledby="upload-heading" className="card">
      <h2 id="upload-heading" tabIndex={-1} data-step-heading>
        <Trans>Upload an image</Trans>
      </h2>
      <div className="field">
        <label htmlFor={inputId}>{label ?? t`Choose an image of one face (JPEG, PNG, WebP or HEIC, at most 5 MB)`}</label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            const result = await checkUpload(file);
            if ('error' in result) {
              setInvalidFile(result.error);
              event.target.value = '';
            } else {
              setInvalidFile(null);
              onPicked(result.dataUrl);
            }
          }}
        />
        <p id={`${inputId}-error`} role="alert" className="field-error-slot">
          {error && localise(error)}
        </p>
      </div>
      <div className="actions">
        <Button variant="secondary" onClick={onChangeMethod}>
          <Trans>CHANGE METHOD</Trans>
        </Button>
      </div>
    </section>
  );
}
