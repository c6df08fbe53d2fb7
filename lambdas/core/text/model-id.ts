/** The offline engine's id, known before any model is loaded (deferred.ts answers it on cold start). */
export const HEURISTIC_TEXT_MODEL_ID = 'heuristic-v3';
