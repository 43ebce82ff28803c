import { errorAnswerSchema } from '@seva/shared';

/** The refusals every face call may answer (D-010). */
export const faceRefusals = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
  409: errorAnswerSchema,
  422: errorAnswerSchema,
  429: errorAnswerSchema,
  503: errorAnswerSchema,
};
