import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import Webcam from 'react-webcam';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { detectFaces, type DetectedFrame } from './api/detect-faces.ts';
import { cameraGuidance } from './camera-guidance.ts';
import { dataUrlToBlob } from './data-url.ts';

/** product §9: 480x360, front-facing, no audio, JPEG. */
const VIDEO = { width: 480, height: 360, facingMode: 'user' } as const;
const GUIDANCE_INTERVAL_MS = 1500;
const CAPTURE_WARNING_ID = 'capture-warning-text';

interface CameraCaptureProps {
  email: string;
  /** The photo taken is being checked for one face: capturing again waits. */
  checking: boolean;
  /** Why the last photo taken cannot be used, shown beside the button that takes another. */
  refusal: string | null;
  /** Capturing with no face, or several, in view asks first: such a photo would be refused. */
  oneFaceOnly?: boolean | undefined;
  onCapture: (dataUrl: string) => void;
  onChangeMethod: () => void;
  onUnavailable: (message: string) => void;
}

/**
 * The live preview, spoken guidance while it runs, and 'CAPTURE IMAGE'. Capturing while the guidance says there is
 * no face, or several, first asks: that photo would be refused.
 */
export function CameraCapture({ email, checking, refusal, oneFaceOnly = true, onCapture, onChangeMethod, onUnavailable }: CameraCaptureProps) {
  const { t, i18n } = useLingui();
  const localise = useLocalise();
  const webcam = useRef<Webcam>(null);
  const [live, setLive] = useState(false);
  // The number of faces in view when CAPTURE IMAGE was pressed without exactly one: the question being asked.
  const [confirming, setConfirming] = useState<number | null>(null);
  const guidance = useCameraGuidance(webcam, live, email);
  const seen = confirming ?? 0;
  const capture = () => {
    setConfirming(null);
    const shot = webcam.current?.getScreenshot(VIDEO);
    if (shot) onCapture(shot);
  };

  return (
    <section aria-labelledby="camera-heading" className="card">
      <h2 id="camera-heading" tabIndex={-1} data-step-heading>
        <Trans>Take a photo</Trans>
      </h2>
      <div className="camera-frame">
        <Webcam
          ref={webcam}
          audio={false}
          width={VIDEO.width}
          height={VIDEO.height}
          screenshotFormat="image/jpeg"
          screenshotQuality={0.92}
          videoConstraints={VIDEO}
          aria-label={t`Camera preview`}
          onUserMedia={() => setLive(true)}
          onUserMediaError={(error) => onUnavailable(cameraErrorMessage(error, i18n))}
        />
      </div>
      <p role="status" aria-live="polite" className="camera-guidance">
        {live ? guidance.message : t`Starting the camera…`}
      </p>
      <p role="alert" className="field-error-slot">
        {refusal && localise(refusal)}
      </p>
      <div className="actions">
        <Button variant="secondary" onClick={onChangeMethod}>
          <Trans>CHANGE METHOD</Trans>
        </Button>
        <Button busy={!live || checking} onClick={() => (oneFaceOnly && guidance.faces !== null && guidance.faces !== 1 ? setConfirming(guidance.faces) : capture())}>
          <Trans>CAPTURE IMAGE</Trans>
        </Button>
      </div>
      <ModalDialog
        title={confirming === 0 ? t`No face in view` : t`${seen} faces in view`}
        role="alertdialog"
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        describedBy={CAPTURE_WARNING_ID}
      >
        <p id={CAPTURE_WARNING_ID}>
          {confirming === 0 ? t`The camera does not see a face.` : t`The camera sees ${seen} faces.`}{' '}
          <Trans>A photo to register needs exactly one face, so this photo will probably be refused. Capture it anyway?</Trans>
        </p>
        <div className="actions">
          {/* Framing again is what most people should do, so it is the prominent button; capturing is the exception. */}
          <Button onClick={() => setConfirming(null)}>
            <Trans>Keep framing</Trans>
          </Button>
          <Button variant="secondary" onClick={capture}>
            <Trans>Capture anyway</Trans>
          </Button>
        </div>
      </ModalDialog>
    </section>
  );
}

/**
 * Every 1.5 s while the camera is live, asks the server where the faces are; returns the latest advice and how many
 * faces it saw (null until it knows, or while guidance is unavailable).
 */
function useCameraGuidance(webcam: React.RefObject<Webcam | null>, live: boolean, email: string): { message: string; faces: number | null } {
  const { i18n } = useLingui();
  // The advice is kept as what was seen and said in the page's language when shown, so a change of language speaks at once.
  const [guidance, setGuidance] = useState<{ frame: DetectedFrame | null; unavailable: boolean }>({ frame: null, unavailable: false });
  useEffect(() => {
    if (!live) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      const frame = webcam.current?.getScreenshot({ width: 320, height: 240 });
      if (frame) {
        try {
          const detected = await detectFaces(email, dataUrlToBlob(frame), controller.signal);
          setGuidance({ frame: detected, unavailable: false });
        } catch {
          if (controller.signal.aborted) return;
          setGuidance({ frame: null, unavailable: true });
        }
      }
      if (!controller.signal.aborted) timer = setTimeout(tick, GUIDANCE_INTERVAL_MS);
    };
    timer = setTimeout(tick, 300);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [live, email, webcam]);
  if (guidance.unavailable) return { message: i18n._(msg`Face guidance is not available right now. You can still capture the image.`), faces: null };
  if (!guidance.frame) return { message: i18n._(msg`Looking for a face…`), faces: null };
  const { message, faces } = cameraGuidance(guidance.frame, i18n);
  return { message, faces };
}

function cameraErrorMessage(error: string | DOMException, i18n: I18n): string {
  const name = typeof error === 'string' ? error : error.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return i18n._(msg`Camera permission was refused. Allow the camera in your browser settings, or upload an image instead.`);
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return i18n._(msg`No camera was found on this device. Please upload an image instead.`);
  return i18n._(msg`The camera could not be started. Please upload an image instead.`);
}
