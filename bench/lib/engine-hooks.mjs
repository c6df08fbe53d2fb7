/**
 * Module hooks for the engine comparison: the compositor's `./render.ts` resolves to the
 * capturing shim, so the bench draws the very plans the compositor chose without a line of the
 * compositor changed. Every other import resolves as usual.
 */
const SHIM = new URL('./render-capture.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === './render.ts' && context.parentURL?.endsWith('/creative/compose.ts'))
    return nextResolve(SHIM, context);
  return nextResolve(specifier, context);
}
