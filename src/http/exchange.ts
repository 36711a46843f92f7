/** One request to the implementation and what came back, as recorded by the client. */
interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** JSON text, or undefined for no body. */
  jsonBody?: string;
  /** Multipart parts, described for the curl line (file contents are not repeated). */
  multipart?: MultipartPart[];
}

export type MultipartPart =
  { name: string; value: string } | { name: string; filename: string; contentType: string; size: number };

interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as text (empty when there is none), keys and share-link tokens redacted. */
  text: string;
  /** The parsed JSON body (keys redacted, share-link tokens kept), or undefined when it is not JSON. */
  json: unknown;
}

export interface Exchange {
  operationId: string | undefined;
  /** `getPersona — POST /persona/...`, or `METHOD path` for a raw request. */
  label: string;
  request: RecordedRequest;
  /** Undefined when no response arrived (network error or timeout: see `error`). */
  response: RecordedResponse | undefined;
  error: string | undefined;
  durationMs: number;
  /** How often a 429 with Retry-After was waited out before this answer (absent: never). */
  rateLimitWaits?: number;
}
