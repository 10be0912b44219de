/** One field error as the API reports it under `data.errors`. */
export interface FieldError {
  path: string;
  message: string;
}

/** A failed call: HTTP status, envelope code, localized message and the API's stable error key. */
export class RequestError extends Error {
  readonly status: number;
  readonly code: number;
  readonly key?: string;
  readonly errors: FieldError[];

  constructor(message: string, init: { status: number; code: number; key?: string; errors?: FieldError[] }) {
    super(message);
    this.name = 'RequestError';
    this.status = init.status;
    this.code = init.code;
    this.key = init.key;
    this.errors = init.errors ?? [];
  }
}
