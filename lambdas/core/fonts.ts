/**
 * The font families the project ships (as npm font packages bundled with the worker: Lambda
 * has no system fonts). A brand kit can only name one of these.
 */
export const FONT_FAMILIES = [
  'Inter',
  'Montserrat',
  'Poppins',
  'Oswald',
  'Playfair Display',
  'Lora',
] as const;

export type FontFamily = (typeof FONT_FAMILIES)[number];
