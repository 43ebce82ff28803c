import { CameraCapture } from './camera-capture.tsx';
import { MethodChoice, type Consent } from './method-choice.tsx';
import { UploadPicker } from './upload-picker.tsx';
import type { PhotoCheck } from './use-photo-check.ts';

interface PhotoSourceProps {
  check: PhotoCheck;
  email: string;
  /** Asked first when the photo is to be kept; absent when it is not (testing recognition). */
  consent?: Consent;
  /** Why the latest photo cannot be used, said beside the control that takes or chooses another. */
  refusal: string | null;
  /** The heading of the choice of method, when it is not 'Choose how to add the photo'. */
  methodHeading?: string;
  /** The file field's label, when it is not the one for a photo of one face. */
  uploadLabel?: string;
  /** Whether capturing with no face, or several, in view asks first (a photo to keep needs exactly one). */
  oneFaceOnly?: boolean;
  /** The camera cannot start: the screen goes back to the choice and says why. */
  onUnavailable: (message: string) => void;
}

/** The choice of method, then the camera or the file field, each photo checked as it is taken or chosen. */
export function PhotoSource({ check, email, consent, refusal, methodHeading, uploadLabel, oneFaceOnly = true, onUnavailable }: PhotoSourceProps) {
  if (check.method === 'camera') {
    return (
      <CameraCapture
        email={email}
        checking={check.checking}
        refusal={refusal}
        oneFaceOnly={oneFaceOnly}
        onCapture={(dataUrl) => check.pick(dataUrl, 'camera')}
        onChangeMethod={() => check.choose(null)}
        onUnavailable={(text) => {
          check.choose(null);
          onUnavailable(text);
        }}
      />
    );
  }
  if (check.method === 'upload') {
    return (
      <UploadPicker
        checking={check.checking}
        refusal={refusal}
        label={uploadLabel}
        onPicked={(dataUrl) => check.pick(dataUrl, 'upload')}
        onChangeMethod={() => check.choose(null)}
      />
    );
  }
  return <MethodChoice consent={consent} heading={methodHeading} onChoose={check.choose} />;
}
