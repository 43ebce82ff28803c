import { fill } from '@seva/shared';
/** The slide `step` places away from `index` among `count` slides, wrapping around at both ends (product §4). */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count < 1) return 0;
  return (((index + step) % count) + count) % count;
}

/** What the carousel announces when the slide changes: '2 of 8: Navigate'. */
export const slideLabel = (index: number, count: number) => fill(/*i18n*/ '{position} of {count}', { position: index + 1, count });
export const slideAnnouncement = (index: number, count: number, name: string) => fill(/*i18n*/ '{position} of {count}: {name}', { position: index + 1, count, name });

/** A dot's name: 'Show feature 5: Read For Me, install or update available' (the state only once it is known). */
export const dotLabel = (index: number, name: string, state?: string) =>
  state ? fill(/*i18n*/ 'Show feature {position}: {name}, {state}', { position: index + 1, name, state }) : fill(/*i18n*/ 'Show feature {position}: {name}', { position: index + 1, name });
