import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { ScreenPath } from './paths.ts';

/** Goes to `to` after `delayMs` while `active`; SPEC's timed redirects (sign-up 5 s, faces 3 s, add face 2 s). */
export function useDelayedRedirect(active: boolean, to: ScreenPath, delayMs: number, state?: unknown) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(to, { replace: true, state }), delayMs);
    return () => clearTimeout(timer);
  }, [active, to, delayMs, navigate, state]);
}
