import type { MouseEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { DEFAULT_ZOOM, stepZoom, zoomStatus } from './zoom-level.ts';

/**
 * Zoom out, the announced zoom, zoom in and back to the default. At either end the button is aria-disabled rather than
 * disabled, so it keeps keyboard focus.
 */
export function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const press = (next: number) => (event: MouseEvent<HTMLButtonElement>) => {
    if (next === zoom) return event.preventDefault();
    onZoom(next);
  };
  const zoomOut = stepZoom(zoom, -1);
  const zoomIn = stepZoom(zoom, 1);
  return (
    <div className="pdf-zoom" role="group" aria-label="Zoom">
      <Button variant="secondary" aria-disabled={zoomOut === zoom || undefined} onClick={press(zoomOut)}>
        Zoom out
      </Button>
      <p role="status" className="pdf-zoom-status">
        {zoomStatus(zoom)}
      </p>
      <Button variant="secondary" aria-disabled={zoomIn === zoom || undefined} onClick={press(zoomIn)}>
        Zoom in
      </Button>
      <Button variant="secondary" aria-disabled={zoom === DEFAULT_ZOOM || undefined} onClick={press(DEFAULT_ZOOM)}>
        Reset zoom
      </Button>
    </div>
  );
}
