/** Result schemas of the review, review-link and export actions (ADR 0040–0042), beside results.ts. */
import * as z from 'zod';

/** Built from results.ts's creative record (passed in: importing it here would be a cycle). */
export const liveResultsOf = <C extends z.ZodType>(creativeRecord: C) =>
  ({
    review_creatives: z.object({
      creatives: z.array(creativeRecord).describe('The creatives as they now are, in the order asked.'),
    }),
  }) as const;
