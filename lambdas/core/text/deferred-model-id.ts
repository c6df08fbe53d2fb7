/** The offline engine's id, known before any model is loaded: on the cold path with deferred.ts (ADR 0011), so the engine can name itself without importing the loader. */
export const HEURISTIC_TEXT_MODEL_ID = 'heuristic-v3';
