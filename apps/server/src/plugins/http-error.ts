/** An answer for the client: its status and the message it shows. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: { field?: string; code?: string } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field ? { field } : {});
export const unauthorized = (message: string, code?: string) => new HttpError(401, message, code ? { code } : {});
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field ? { field } : {});
