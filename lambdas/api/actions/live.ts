import { reviewCreativesAction } from './review-creatives.ts';

/** The actions that take creatives live: review, review links, export (ADR 0040–0042). */
export const liveActions = [reviewCreativesAction] as const;
