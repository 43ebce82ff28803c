import { useEffect, useRef, useState } from 'react';
import Webcam from 'react-webcam';
import { Button } from '../../components/ui/button.tsx';
import { detectFaces } from './api/detect-faces.ts';
import { cameraGuidance } from './camera-guidance.ts';
import { dataUrlToBlob } from './data-url.ts';

/** SPEC §9: 480x360, front-facing, no audio, JPEG. */
const VIDEO = { width: 480, height: 360, facingMode: 'user' } as const;
const GUIDANCE_INTERVAL_MS = 1500;

interface CameraCaptureProps {
  email: string;
  onCapture: (dataUrl: string) => void;
  onChangeMethod: () => void;
  onUnavailable: (message: string) => void;
}

/** The live preview, spoken guidance while it runs, and 'CAPTURE IMAGE'. */
export function CameraCapture({ email, onCapture, onChangeMethod, onUnavailable }: CameraCaptureProps) {
  const webcam = useRef<Webcam>(null);
  const [live, setLive] = useState(false);
  const guidance = useCameraGuidance(webcam, live, email);

  return (
    <section aria-labelledby="camera-heading" className="card">
      <h2 id="camera-heading" tabIndex={-1} data-step-heading>Take a photo</h2>
      <div className="camera-frame">
        <Webcam
          ref={webcam}
          audio={false}
          width={VIDEO.width}
          height={VIDEO.height}
          screenshotFormat="image/jpeg"
          screenshotQuality={0.92}
          videoConstraints={VIDEO}
          aria-label="Camera preview"
          onUserMedia={() => setLive(true)}
          onUserMediaError={(error) => onUnavailable(cameraErrorMessage(error))}
        />
      </div>
      <p role="status" aria-live="polite" className="camera-guidance">
        {live ? guidance : 'Starting the camera…'}
      </p>
      <div className="actions">
        <Button variant="secondary" onClick={onChangeMethod}>
          CHANGE METHOD
        </Button>
        <Button
          busy={!live}
          onClick={() => {
            const shot = webcam.current?.getScreenshot(VIDEO);
            if (shot) onCapture(shot);
          }}
        >
          CAPTURE IMAGE
        </Button>
      </div>
    </section>
  );
}

/** Every 1.5 s while the camera is live, asks the server where the faces are; returns the latest advice. */
function useCameraGuidance(webcam: React.RefObject<Webcam | null>, live: boolean, email: string): string {
  const [message, setMessage] = useState('Looking for a face…');
  useEffect(() => {
    if (!live) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      const frame = webcam.current?.getScreenshot({ width: 320, height: 240 });
      if (frame) {
        try {
          const detected = await detectFaces(email, dataUrlToBlob(frame), controller.signal);
          setMessage(cameraGuidance(detected).message);
        } catch {
          if (controller.signal.aborted) return;
          setMessage('Face guidance is not available right now. You can still capture the image.');
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
  return message;
}

function cameraErrorMessage(error: string | DOMException): string {
  const name = typeof error === 'string' ? error : error.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Camera permission was refused. Allow the camera in your browser settings, or upload an image instead.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device. Please upload an image instead.';
  return 'The camera could not be started. Please upload an image instead.';
}
