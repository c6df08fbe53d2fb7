import { UpstreamError } from '../errors.ts';

/** A model answer that does not match the schema: the caller asks once more with these problems, then answers 502. */
export class InvalidModelAnswerError extends UpstreamError {
  constructor(
    modelId: string,
    readonly problems: string[],
  ) {
    super(`The text model ${modelId} answered outside the schema: ${problems.slice(0, 3).join('; ')}.`);
  }
}
