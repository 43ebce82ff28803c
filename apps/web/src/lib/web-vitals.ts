import type { VitalReport } from '@seva/shared';
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

/** product §1: web-vitals reporting; sent to our own server, which logs it. */
export function reportWebVitals(): void {
  const send = (metric: Metric) => {
    const report: VitalReport = {
      name: metric.name,
      value: metric.value,
      id: metric.id,
      rating: metric.rating,
      delta: metric.delta,
      navigationType: metric.navigationType,
      path: window.location.pathname,
    };
    const body = JSON.stringify(report);
    void fetch('/api/vitals', { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true }).catch(() => undefined);
  };
  onCLS(send);
  onFCP(send);
  onINP(send);
  onLCP(send);
  onTTFB(send);
}
