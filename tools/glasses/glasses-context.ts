import { readState, type GlassesState } from './glasses-state.ts';

export interface GlassesOutput {
  log(line: string): void;
  error(line: string): void;
}

export interface GlassesContext {
  portal: string;
  stateFile: string;
  out: GlassesOutput;
  /** How to wait between token polls (the portal sets the interval). */
  sleep?: (ms: number) => Promise<void>;
}

/** A failure the user can act on: printed as is, exit code 1 (2 for usage). */
export class GlassesError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The paired state for this portal, or why there is none. */
export function pairedState(context: GlassesContext): GlassesState {
  const state = readState(context.stateFile);
  if (!state) throw new GlassesError(`These glasses are not paired yet (no ${context.stateFile}). Pair them first: npm run glasses -- pair`);
  if (state.portal !== context.portal) {
    throw new GlassesError(`These glasses are paired with ${state.portal}, not ${context.portal}. Set SEVA_URL=${state.portal}, or pair again.`);
  }
  return state;
}
