import { useLingui } from '@lingui/react/macro';
import type { MouseEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { DEFAULT_ZOOM, stepZoom, zoomStatus } from './zoom-level.ts';

/**
 * Zoom out, the announced zoom, zoom in and back to the default. At either end the button is aria-disabled rather than
 * disabled, so it keeps keyboard focus.
 */
export function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const { i18n, t } = useLingui();
  const press = (next: number) => (event: MouseEvent<HTMLButtonElement>) => {
    if (next === zoom) return event.preventDefault();
    onZoom(next);
  };
  const zoomOut = stepZoom(zoom, -1);
  const zoomIn = stepZoom(zoom, 1);
  return (
    <div className="pdf-zoom" role="group" aria-label={t`Zoom`}>
      <Button variant="secondary" aria-disabled={zoomOut === zoom || undefined} onClick={press(zoomOut)}>
        {t`Zoom out`}
      </Button>
      <p role="status" className="pdf-zoom-status">
        {zoomStatus(i18n, zoom)}
      </p>
      <Button variant="secondary" aria-disabled={zoomIn === zoom || undefined} onClick={press(zoomIn)}>
        {t`Zoom in`}
      </Button>
      <Button variant="secondary" aria-disabled={zoom === DEFAULT_ZOOM || undefined} onClick={press(DEFAULT_ZOOM)}>
        {t`Reset zoom`}
      </Button>
    </div>
  );
}
